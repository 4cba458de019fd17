//! REST pairing: every consumer call meets the providers whose method and route admit the same
//! request, and goes to the most specific of them. A route that fixes a segment where the call
//! has a value, while the call fixes one where the route has a value, names other things at
//! both places and meets no call that way. Language plays no part: a Python client and a
//! TypeScript handler meet on `GET /users/{id}` like any other two summaries.
//!
//! Consumers are `client`-kind summaries (and every other consumer-role kind) with a REST
//! binding, plus `service-call` interaction effects with a REST binding inside summaries that are
//! not themselves REST consumers (a handler that calls another service), as the summary format
//! says service calls pair against REST providers.
//!
//! Providers whose confidence says `derived` are declared contracts (an OpenAPI operation). A
//! consumer pairs with code providers when any serves its request, and falls back to a contract
//! (a third-party API described by its spec) only when none does; the contracts that also match
//! are kept beside the pair so the contract checks can compare against them.
//!
//! Where a call goes is read from the consumer's `metadata.http.origin` (see [`Destination`]):
//! a call to another host (an absolute URL whose host is not loopback) pairs with nothing
//! here and is listed as `external`; a call to a loopback host with an explicit port (this
//! server, or a sidecar beside it) pairs when a route meets it, and otherwise is `external` unless
//! another call to the same port meets a code route; a
//! call whose URL starts with a value that could not be
//! read takes that value as any number of leading segments (a host, a base path, or both), and
//! pairs only when the rest of its path has a fixed segment and meets one route; the calls
//! made with one such start (same innermost wrapper or file, same leading value) go to one
//! server, so when some but fewer than half of them meet a route, each only by taking the
//! base to hold the route's leading segments, that server is another service and all of them
//! are `external`. A service-call
//! effect inside another summary takes the origin of the client summary recorded for the same
//! call (same file, key and lines). A consumer path with no fixed segment at all
//! (`/{url}`, `/{a}/{b}`) is `unknownDestination`: it could reach any route.

use std::collections::{BTreeMap, HashMap};

use seam_ir::summary::{
    BehavioralSummary, BoundaryBinding, ConfidenceSource, Effect, Interaction, Semantics,
};
use seam_ir::vocab::{BoundaryKey, RoutePath, Specificity, is_test_path, methods_pair};

use crate::model::UnpairableReason;
use crate::role::{BoundaryRole, boundary_role};

mod contract_mounts;

/// A provider route.
#[derive(Debug, Clone)]
pub struct Endpoint {
    pub summary: usize,
    pub method: String,
    pub route: RoutePath,
    pub key: String,
    /// Read from a declared contract (`confidence.source: derived`).
    pub contract: bool,
    segments: Option<Vec<String>>,
    specificity: Specificity,
    /// `route.normalized_path()`, kept because ranking and findings ask for it per comparison.
    path: String,
    /// The route sits under a prefix seam could not read, and its known path has a fixed
    /// segment: a longer call meets it by its last segments (see [`crate::known_suffix`]).
    pub by_suffix: bool,
    /// The framework also answers the route's path with a format extension on its last segment
    /// (Rails' `(.:format)`: `/notes.json` reaches `/notes`), from
    /// `metadata.http.formatSuffix`.
    pub format_suffix: bool,
}

impl Endpoint {
    /// The route's normalised spelling (`/users/{id}`).
    pub fn normalized_path(&self) -> &str {
        &self.path
    }
}

/// A consumer call.
#[derive(Debug, Clone)]
pub struct Call {
    pub summary: usize,
    /// `(transition, effect)` for a service-call interaction; `None` for a client summary.
    pub site: Option<(usize, usize)>,
    pub binding: BoundaryBinding,
    pub method: String,
    pub route: RoutePath,
    pub key: String,
    segments: Option<Vec<String>>,
    /// The URL starts with a value seam could not read (`metadata.http.origin: "unknown"`,
    /// or an origin whose host is a hole).
    pub start_unknown: bool,
    /// For a call whose unknown start is a whole leading segment (`/{base}/orders/{id}`): the
    /// segments after it (`orders`, `{id}`), which must be the last segments of the route.
    tail: Option<Vec<String>>,
    /// The port of a URL that names a loopback host and a port (`http://127.0.0.1:1984`):
    /// this server or another program on the same machine. A call no route meets goes to that
    /// other program (`external`) unless another call to the same port meets a route.
    same_machine: Option<String>,
}

/// Where a REST consumer's URL goes, from its `metadata.http.origin`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// This deployment: a path, a relative URL, an environment variable's base URL, or an
    /// absolute URL to a loopback host (`localhost`, `127.0.0.1`, `0.0.0.0`, `[::1]`).
    Here,
    /// Another host (a dotted name or an address that is not loopback), by its origin: outside
    /// the analysed code.
    Elsewhere(String),
    /// A loopback host with an explicit port (`http://127.0.0.1:1984`, `http://localhost:3000`):
    /// this server, or another program beside it (a sidecar, a local proxy), by its origin.
    /// The call pairs like [`Destination::Here`] when a route meets it; when none does, it is
    /// `external` unless another call to the same port meets a code route (then the port is this
    /// server's, and the path one it does not serve).
    SameMachine(String),
    /// The URL starts with a value that could not be read.
    StartUnknown,
}

impl Destination {
    /// Reads a `metadata.http.origin` value (absent: [`Destination::Here`]).
    pub fn of_origin(origin: Option<&str>) -> Destination {
        let Some(origin) = origin else {
            return Destination::Here;
        };
        if origin == "unknown" {
            return Destination::StartUnknown;
        }
        let authority = match origin.split_once("://") {
            // A scheme no web server answers (`chrome-extension://…`, `file://…`) is never
            // this deployment, whatever its host looks like.
            Some((scheme, _))
                if !["http", "https", "ws", "wss"]
                    .iter()
                    .any(|s| scheme.eq_ignore_ascii_case(s)) =>
            {
                return Destination::Elsewhere(origin.to_owned());
            }
            Some((_, rest)) => rest,
            None => origin.strip_prefix("//").unwrap_or(origin),
        };
        let authority = authority
            .split(['/', '?', '#'])
            .next()
            .unwrap_or_default()
            .rsplit('@')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        let host = if authority.starts_with('[') {
            authority
                .split_once(']')
                .map_or(authority.as_str(), |(h, _)| h)
                .trim_start_matches('[')
        } else {
            authority.split(':').next().unwrap_or_default()
        };
        if host.is_empty() || host.contains('{') {
            return Destination::StartUnknown;
        }
        // A host with no dot is no public service: a test client's `http://testserver`, a
        // container's service name (`http://api:8000`), this deployment by another name.
        // Names reserved for local networks and tests (`.localhost`, `.local`, `.internal`,
        // `.test`) are no public service either.
        let local = host == "localhost"
            || [".localhost", ".local", ".internal", ".test"]
                .iter()
                .any(|tld| host.ends_with(tld))
            || host == "0.0.0.0"
            || host == "::1"
            || host.starts_with("127.")
            || !host.contains(['.', ':']);
        let loopback = host == "localhost"
            || host.ends_with(".localhost")
            || host == "0.0.0.0"
            || host == "::1"
            || host.starts_with("127.");
        let port = match authority.rsplit_once(']') {
            Some((_, after)) => after.strip_prefix(':'),
            None => authority.split_once(':').map(|(_, port)| port),
        };
        if loopback && port.is_some_and(|p| !p.is_empty()) {
            Destination::SameMachine(origin.to_owned())
        } else if local {
            Destination::Here
        } else {
            Destination::Elsewhere(origin.to_owned())
        }
    }

    /// The destination a summary's metadata states.
    pub fn of_summary(summary: &BehavioralSummary) -> Destination {
        let origin = summary
            .metadata
            .as_ref()
            .and_then(|m| m.get("http"))
            .and_then(|h| h.get("origin"))
            .and_then(|o| o.as_str());
        Destination::of_origin(origin)
    }
}

/// One call and the providers it meets.
#[derive(Debug, Clone)]
pub struct CallPairing {
    pub call: usize,
    /// The chosen providers (several only when equally specific: one route described twice).
    pub providers: Vec<usize>,
    /// Declared contracts that serve the same request, besides the chosen providers.
    pub contracts: Vec<usize>,
    /// The providers were met by their known path only: they sit under a prefix seam could
    /// not read, and no route met the call in full.
    pub by_suffix: bool,
}

/// The outcome of REST pairing over one run.
#[derive(Debug, Clone, Default)]
pub struct RestPairing {
    pub endpoints: Vec<Endpoint>,
    pub calls: Vec<Call>,
    pub paired: Vec<CallPairing>,
    /// Calls that met no provider.
    pub unpaired_calls: Vec<usize>,
    /// Endpoints no call met.
    pub unpaired_endpoints: Vec<usize>,
    /// Summaries with a boundary no pass of this build pairs (storage, message bus, …), with
    /// their role and key.
    pub other_boundaries: Vec<(usize, BoundaryRole, Option<String>)>,
    pub unpairable: Vec<(usize, UnpairableReason)>,
    /// REST calls that take no part in pairing: another host's, or ones with no fixed segment.
    pub unpairable_calls: Vec<(Call, UnpairableReason)>,
}

/// Which summaries may take which side: in the two-file form only the first file's providers
/// and the second file's consumers take part.
#[derive(Debug, Clone, Copy)]
pub enum Sides<'a> {
    All,
    Split {
        providers: &'a [bool],
        consumers: &'a [bool],
    },
}

impl Sides<'_> {
    fn provider_allowed(&self, index: usize) -> bool {
        match self {
            Sides::All => true,
            Sides::Split { providers, .. } => providers.get(index).copied().unwrap_or(false),
        }
    }

    fn consumer_allowed(&self, index: usize) -> bool {
        match self {
            Sides::All => true,
            Sides::Split { consumers, .. } => consumers.get(index).copied().unwrap_or(false),
        }
    }
}

/// The segments of a path whose shape is fixed (no group, no hole spanning several segments),
/// for a cheap rejection before the full pairing search.
fn fixed_segments(route: &RoutePath) -> Option<Vec<String>> {
    if route.spans_shapes() {
        return None;
    }
    let normalized = route.normalized_path();
    Some(
        normalized
            .split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect(),
    )
}

/// A route with no fixed segment (`*`, `/{path*}`): it meets every path.
fn is_catch_all(endpoint: &Endpoint) -> bool {
    !endpoint
        .normalized_path()
        .split('/')
        .any(|s| !s.is_empty() && is_static(s))
}

/// A catch-all with at least one segment (`*`, `/{path*}`): unlike the root (`/`), a route
/// that answers every path.
fn is_wildcard(endpoint: &Endpoint) -> bool {
    is_catch_all(endpoint) && endpoint.normalized_path().split('/').any(|s| !s.is_empty())
}

/// Whether a path segment is fixed text (no hole, wildcard or group).
pub(crate) fn is_static(segment: &str) -> bool {
    !segment.contains(['{', '*', '('])
}

fn routes_meet(
    a: &RoutePath,
    a_segments: Option<&Vec<String>>,
    b: &RoutePath,
    b_segments: Option<&Vec<String>>,
) -> bool {
    if let (Some(x), Some(y)) = (a_segments, b_segments) {
        if x.len() != y.len() {
            return false;
        }
        let clash = x
            .iter()
            .zip(y)
            .any(|(s, t)| is_static(s) && is_static(t) && s != t);
        if clash {
            return false;
        }
        if x.iter().chain(y).all(|s| is_static(s)) {
            return true;
        }
    }
    a.pairs_with(b)
}

/// Whether the summary's route is also answered with a format extension on its last segment
/// (`metadata.http.formatSuffix`, from its pack).
fn answers_format_suffix(summary: &BehavioralSummary) -> bool {
    summary
        .metadata
        .as_ref()
        .and_then(|m| m.get("http"))
        .and_then(|h| h.get("formatSuffix"))
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// The call's fixed segments with the format extension of the last one taken off (`notes.json`
/// is `notes`): a dot, then one to five letters or digits, after a name. `None` when the last
/// segment has no such extension or is a value.
fn without_format_extension(segments: &[String]) -> Option<Vec<String>> {
    let (last, rest) = segments.split_last()?;
    if !is_static(last) {
        return None;
    }
    let (name, extension) = last.rsplit_once('.')?;
    let extension_like =
        (1..=5).contains(&extension.len()) && extension.chars().all(|c| c.is_ascii_alphanumeric());
    if name.is_empty() || !extension_like {
        return None;
    }
    let mut stripped = rest.to_vec();
    stripped.push(name.to_owned());
    Some(stripped)
}

/// Whether the call's route and the endpoint's route admit a common request path (the same
/// answer as [`RoutePath::pairs_with`], settled without it when both shapes are fixed).
pub fn call_meets_route(call: &Call, endpoint: &Endpoint) -> bool {
    routes_meet(
        &endpoint.route,
        endpoint.segments.as_ref(),
        &call.route,
        call.segments.as_ref(),
    )
}

/// The key people see for a binding (`GET /users/{id}`, `fn:pkg::f`, …), or `None` when the
/// source left it unnamed.
pub fn binding_key(binding: &BoundaryBinding) -> Option<String> {
    let key = match &binding.semantics {
        Semantics::Rest(rest) => BoundaryKey::rest(rest.method.as_deref()?, rest.path.as_deref()?),
        Semantics::FunctionCall(f) => BoundaryKey::FunctionCall {
            package: f.package.clone()?,
            export_path: f.export_path.clone()?,
        },
        Semantics::GraphqlResolver(g) => BoundaryKey::GraphqlResolver {
            type_name: g.type_name.clone()?,
            field_name: g.field_name.clone(),
        },
        Semantics::MessageBus(m) => BoundaryKey::message_bus(&m.message_bus, m.channel.as_deref()?),
        Semantics::Storage(s) => BoundaryKey::storage(
            s.storage_system.as_deref()?,
            Some(&s.scope),
            s.container.as_deref()?,
            s.access_path.as_deref(),
        ),
        Semantics::UnitInvocation(u) => BoundaryKey::UnitInvocation {
            deployment_target: u.deployment_target.clone(),
            instance_name: u.instance_name.clone()?,
        },
        Semantics::RuntimeConfig(r) => BoundaryKey::RuntimeConfig {
            instance_name: r.instance_name.clone(),
        },
        Semantics::Io(io) => BoundaryKey::Io {
            target: io.target.clone()?,
        },
        // A PRD's intent findings are keyed `prd:<title>`.
        Semantics::Other(raw) if raw.get("name").and_then(|n| n.as_str()) == Some("prd") => {
            BoundaryKey::Other(format!("prd:{}", raw.get("title")?.as_str()?))
        }
        _ => return None,
    };
    Some(key.to_string())
}

fn rest_parts(binding: &BoundaryBinding) -> Option<(String, RoutePath)> {
    match &binding.semantics {
        Semantics::Rest(rest) => {
            let method = rest.method.as_deref().filter(|m| !m.is_empty())?;
            let path = rest.path.as_deref().filter(|p| !p.is_empty())?;
            Some((method.to_uppercase(), RoutePath::parse(path)))
        }
        _ => None,
    }
}

fn key_of(method: &str, route: &RoutePath) -> String {
    format!("{method} {}", route.normalized_path())
}

/// The fixed text of a segment that ends in one hole glued to it (`files{path}` → `files`).
fn glued_value_lead(segment: &str) -> Option<&str> {
    let (lead, rest) = segment.split_once('{')?;
    let inner = rest.strip_suffix('}')?;
    (!lead.is_empty() && !lead.contains('}') && !inner.is_empty() && !inner.contains(['{', '}']))
        .then_some(lead)
}

/// A segment that is one whole hole (`{base}`), which may stand for any number of segments.
fn is_whole_hole(segment: &str) -> bool {
    segment.starts_with('{')
        && segment.ends_with('}')
        && segment[1..].find(['{', '}']) == Some(segment.len() - 2)
}

/// Whether a route ends with a call's tail: a fixed route shape whose last segments face the
/// tail's, each fixed segment of the tail facing the same fixed segment (a route's hole
/// does not stand in for the text the call fixed), the route's leading segments standing for
/// the call's unknown start.
fn tail_meets(endpoint: &Endpoint, tail: &[String]) -> bool {
    let Some(segments) = &endpoint.segments else {
        return false;
    };
    let Some(skip) = segments.len().checked_sub(tail.len()) else {
        return false;
    };
    // The unknown start is a base URL (`https://host/api`): it may end with the route's
    // leading segments, but not be nothing more than values the route takes
    // (`/{orgId}/users/{id}` is no route for `{base}/users/{id}`).
    (skip == 0 || segments[..skip].iter().any(|s| is_static(s)))
        && tail
            .iter()
            .zip(&segments[skip..])
            .all(|(c, r)| !is_static(c) || c == r)
}

/// How many fixed segments of a route the call's tail meets with a value it does not know,
/// the tail facing the route's last segments.
fn tail_guessed(endpoint: &Endpoint, tail: &[String]) -> usize {
    endpoint
        .segments
        .as_ref()
        .map_or(0, |route| values_on_fixed_segments(tail, route))
}

/// How many fixed segments of a route a call of these segments meets with a value it does not
/// know. A route of several shapes (a router mounted at several paths, `(/a/{id}|/b/{id})`, or
/// a hole taking any number of segments, `/{prefix*}/api/x/{id}`) counts by the fewest over its
/// shapes of the call's length that meet the call; none such found: 0.
fn guessed_segments(endpoint: &Endpoint, call: &[String]) -> usize {
    if let Some(route) = &endpoint.segments {
        return if route.len() == call.len() {
            values_on_fixed_segments(call, route)
        } else {
            0
        };
    }
    route_shapes(&endpoint.path, call.len())
        .iter()
        .filter(|shape| {
            shape
                .iter()
                .zip(call)
                .all(|(r, c)| !(is_static(r) && is_static(c) && r != c))
        })
        .map(|shape| values_on_fixed_segments(call, shape))
        .min()
        .unwrap_or(0)
}

/// The most shapes [`route_shapes`] spells out for one route.
const MAX_SHAPES: usize = 64;

/// The fixed shapes of `len` segments a normalised route path takes: each alternative of its
/// groups, with a hole taking any number of segments (`{rest*}`, `{rest+}`) spelled as that
/// many holes. Empty when there are more than [`MAX_SHAPES`] alternatives.
fn route_shapes(path: &str, len: usize) -> Vec<Vec<String>> {
    let mut texts = vec![path.to_owned()];
    let mut done: Vec<String> = Vec::new();
    while let Some(text) = texts.pop() {
        let Some((open, close)) = first_group(&text) else {
            done.push(text);
            continue;
        };
        for alt in split_top(&text[open + 1..close]) {
            texts.push(format!("{}{}{}", &text[..open], alt, &text[close + 1..]));
        }
        if texts.len() + done.len() > MAX_SHAPES {
            return Vec::new();
        }
    }
    let ranged = |s: &str| s == "*" || s.ends_with("*}") || s.ends_with("+}");
    done.iter()
        .filter_map(|text| {
            let segments: Vec<&str> = text.split('/').filter(|s| !s.is_empty()).collect();
            let spans: Vec<usize> = (0..segments.len())
                .filter(|&i| ranged(segments[i]))
                .collect();
            match spans[..] {
                [] => (segments.len() == len)
                    .then(|| segments.iter().map(|s| (*s).to_owned()).collect()),
                [at] => {
                    let fill = (len + 1).checked_sub(segments.len())?;
                    if fill == 0 && segments[at].ends_with("+}") {
                        return None;
                    }
                    let mut shape: Vec<String> =
                        segments[..at].iter().map(|s| (*s).to_owned()).collect();
                    shape.extend(std::iter::repeat_n("{}".to_owned(), fill));
                    shape.extend(segments[at + 1..].iter().map(|s| (*s).to_owned()));
                    Some(shape)
                }
                _ => None,
            }
        })
        .collect()
}

/// The byte range of the first parenthesised group at the top level of `text`.
fn first_group(text: &str) -> Option<(usize, usize)> {
    let mut braces = 0usize;
    let mut open = None;
    let mut parens = 0usize;
    for (i, ch) in text.char_indices() {
        match ch {
            '{' => braces += 1,
            '}' => braces = braces.saturating_sub(1),
            '(' if braces == 0 => {
                if parens == 0 {
                    open = Some(i);
                }
                parens += 1;
            }
            ')' if braces == 0 && parens > 0 => {
                parens -= 1;
                if parens == 0 {
                    return open.map(|o| (o, i));
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` split at each `|` outside parentheses and braces.
fn split_top(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, ch) in text.char_indices() {
        match ch {
            '(' | '{' => depth += 1,
            ')' | '}' => depth = depth.saturating_sub(1),
            '|' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// How many of a route's fixed segments a call's value meets, the call's segments facing the
/// route's last ones.
fn values_on_fixed_segments(call: &[String], route: &[String]) -> usize {
    let skip = route.len().saturating_sub(call.len());
    call.iter()
        .zip(&route[skip..])
        .filter(|(c, r)| !is_static(c) && is_static(r))
        .count()
}

/// How many segments of a call that are one whole value face a route segment mixing fixed text
/// and values (`{id}` facing `{id}.{format}`): the route asks the value to hold that text.
fn values_on_shaped_segments(call: &[String], route: &[String]) -> usize {
    call.iter()
        .zip(route)
        .filter(|(c, r)| is_whole_hole(c) && !is_static(r) && has_fixed_text(r))
        .count()
}

/// Whether a call and a route of the same length cross: the route fixes a segment the call
/// leaves to a value, and the call fixes text (a whole segment, or text glued to a value:
/// `{org}tags`) where the route takes a whole value.
fn crosses_both_ways(call: &[String], route: &[String]) -> bool {
    call.len() == route.len()
        && values_on_fixed_segments(call, route) > 0
        && call.iter().zip(route).any(|(c, r)| {
            (is_static(c) && !is_static(r)) || (is_whole_hole(r) && has_fixed_text(c))
        })
}

/// Whether a segment holds text outside its holes (`tags`, `{org}tags`, `v{n}`).
fn has_fixed_text(segment: &str) -> bool {
    let mut depth = 0usize;
    segment.chars().any(|ch| match ch {
        '{' => {
            depth += 1;
            false
        }
        '}' => {
            depth = depth.saturating_sub(1);
            false
        }
        _ => depth == 0,
    })
}

/// Places a consumer call: another host's call and one with no fixed segment are unpairable; a
/// call whose start is unknown takes its leading hole as any number of segments.
fn place_call(mut call: Call, destination: &Destination, out: &mut RestPairing) {
    if let Destination::Elsewhere(_) = destination {
        out.unpairable_calls
            .push((call, UnpairableReason::External));
        return;
    }
    let path = call.route.normalized_path();
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let start_unknown = *destination == Destination::StartUnknown;
    call.same_machine = match destination {
        Destination::SameMachine(origin) => {
            origin.rsplit_once(':').map(|(_, port)| port.to_owned())
        }
        _ => None,
    };
    let fixed = segments.iter().any(|s| is_static(s));
    // `/` is a fixed path when the URL's start is known; after an unknown start it is nothing.
    if !fixed && (start_unknown || !segments.is_empty()) {
        out.unpairable_calls
            .push((call, UnpairableReason::UnknownDestination));
        return;
    }
    if start_unknown && segments.first().is_some_and(|s| is_whole_hole(s)) {
        call.tail = Some(segments[1..].iter().map(|s| (*s).to_owned()).collect());
    }
    call.start_unknown = start_unknown;
    out.calls.push(call);
}

/// The origin every client summary states for its call, by file: a service-call effect at the
/// same lines with the same key takes it.
struct ClientOrigins<'a> {
    by_file: HashMap<&'a str, Vec<(String, u32, u32, Destination)>>,
}

impl<'a> ClientOrigins<'a> {
    fn new(summaries: &'a [BehavioralSummary]) -> Self {
        let mut by_file: HashMap<&'a str, Vec<(String, u32, u32, Destination)>> = HashMap::new();
        for summary in summaries {
            if boundary_role(&summary.kind) != Some(BoundaryRole::Consumer) {
                continue;
            }
            let Some((method, route)) = summary
                .identity
                .boundary_binding
                .as_ref()
                .and_then(rest_parts)
            else {
                continue;
            };
            let range = &summary.location.range;
            by_file
                .entry(summary.location.file.as_str())
                .or_default()
                .push((
                    key_of(&method, &route),
                    range.start,
                    range.end.max(range.start),
                    Destination::of_summary(summary),
                ));
        }
        ClientOrigins { by_file }
    }

    /// The destination of an effect's call: the one every client summary of that call states,
    /// [`Destination::Here`] when none does or they disagree.
    fn of_effect(&self, file: &str, key: &str, line: Option<u32>) -> Destination {
        let Some(line) = line else {
            return Destination::Here;
        };
        let mut found: Option<&Destination> = None;
        for (k, start, end, destination) in self.by_file.get(file).into_iter().flatten() {
            if k != key || line < *start || line > *end {
                continue;
            }
            match found {
                None => found = Some(destination),
                Some(d) if d == destination => {}
                Some(_) => return Destination::Here,
            }
        }
        found.cloned().unwrap_or(Destination::Here)
    }
}

/// Pairs every REST consumer of the run with its provider. Summaries in test files (see
/// [`is_test_path`]) are `testCode` unless `include_tests`: a test client or fixture server
/// is no side of the product's boundaries.
pub fn pair_rest(
    summaries: &[BehavioralSummary],
    sides: Sides<'_>,
    include_tests: bool,
) -> RestPairing {
    let mut out = RestPairing::default();
    let origins = ClientOrigins::new(summaries);
    for (index, summary) in summaries.iter().enumerate() {
        if !include_tests && is_test_path(&summary.location.file) {
            out.unpairable.push((index, UnpairableReason::TestCode));
            continue;
        }
        let role = boundary_role(&summary.kind);
        let binding = summary.identity.boundary_binding.as_ref();
        let is_rest_consumer = role == Some(BoundaryRole::Consumer)
            && binding.is_some_and(|b| matches!(b.semantics, Semantics::Rest(_)));
        if !is_rest_consumer && sides.consumer_allowed(index) {
            collect_service_calls(summary, index, &origins, &mut out);
        }
        let Some(role) = role else {
            let reason = match summary.kind {
                seam_ir::summary::CodeUnitKind::Test => UnpairableReason::TestCode,
                _ => UnpairableReason::UnknownKind,
            };
            out.unpairable.push((index, reason));
            continue;
        };
        let allowed = match role {
            BoundaryRole::Provider => sides.provider_allowed(index),
            BoundaryRole::Consumer => sides.consumer_allowed(index),
        };
        if !allowed {
            continue;
        }
        let Some(binding) = binding.filter(|b| b.recognition != "reachable") else {
            out.unpairable.push((index, UnpairableReason::NoBoundary));
            continue;
        };
        if !matches!(binding.semantics, Semantics::Rest(_)) {
            match binding_key(binding) {
                Some(key) => out.other_boundaries.push((index, role, Some(key))),
                None => out
                    .unpairable
                    .push((index, UnpairableReason::UnnamedBoundary)),
            }
            continue;
        }
        let Some((method, route)) = rest_parts(binding) else {
            out.unpairable
                .push((index, UnpairableReason::UnnamedBoundary));
            continue;
        };
        let path = route.normalized_path();
        let key = format!("{method} {path}");
        let segments = fixed_segments(&route);
        let prefix_unknown = !crate::known_suffix::unknown_prefixes(summary).is_empty();
        match role {
            // A route under a prefix seam could not read whose known path fixes no segment
            // (the whole path unread, `@bp.route(scoped_rule("/login"))`): it could answer any
            // request, so it meets none.
            BoundaryRole::Provider
                if prefix_unknown
                    && segments
                        .as_deref()
                        .is_some_and(|s| !crate::known_suffix::pairs_by_suffix(s)) =>
            {
                out.unpairable
                    .push((index, UnpairableReason::UnknownDestination));
            }
            BoundaryRole::Provider => out.endpoints.push(Endpoint {
                by_suffix: segments
                    .as_deref()
                    .is_some_and(crate::known_suffix::pairs_by_suffix)
                    && prefix_unknown,
                summary: index,
                contract: summary.confidence.source == ConfidenceSource::Derived,
                format_suffix: answers_format_suffix(summary),
                specificity: route.specificity(),
                method,
                route,
                key,
                segments,
                path,
            }),
            BoundaryRole::Consumer => place_call(
                Call {
                    summary: index,
                    site: None,
                    binding: binding.clone(),
                    method,
                    route,
                    key,
                    segments,
                    start_unknown: false,
                    tail: None,
                    same_machine: None,
                },
                &Destination::of_summary(summary),
                &mut out,
            ),
        }
    }

    contract_mounts::align(&mut out.endpoints, summaries);

    // Fixed-shape endpoints are indexed by segment count and, per position, by static segment,
    // so a call compares against the routes that could share its shape and the few that span
    // shapes, not against every route in the run.
    let mut by_length: BTreeMap<usize, LengthIndex> = BTreeMap::new();
    let mut spanning: Vec<usize> = Vec::new();
    let by_suffix: Vec<usize> = (0..out.endpoints.len())
        .filter(|&e| out.endpoints[e].by_suffix)
        .collect();
    let format_suffixed: Vec<usize> = (0..out.endpoints.len())
        .filter(|&e| out.endpoints[e].format_suffix)
        .collect();
    for (e, endpoint) in out.endpoints.iter().enumerate() {
        match &endpoint.segments {
            Some(segments) => by_length
                .entry(segments.len())
                .or_insert_with(|| LengthIndex::new(segments.len()))
                .add(e, segments),
            None => spanning.push(e),
        }
    }
    let mut endpoint_met = vec![false; out.endpoints.len()];
    // Calls that leave pairing for the unpairable list, ascending, with the reason.
    let mut leaving: Vec<(usize, UnpairableReason)> = Vec::new();
    // Calls to a loopback port that met no route.
    let mut loopback_unmet: Vec<usize> = Vec::new();
    for (c, call) in out.calls.iter().enumerate() {
        // Candidates stay in the order a full scan would meet them (fixed shapes ascending,
        // then spanning ones), so the chosen providers come out in the same order.
        let candidates: Vec<usize> = match &call.segments {
            Some(_) if call.tail.is_some() => (0..out.endpoints.len()).collect(),
            Some(segments) => {
                let mut list = by_length
                    .get(&segments.len())
                    .map(|index| index.candidates(segments))
                    .unwrap_or_default();
                list.extend(&spanning);
                list
            }
            None => (0..out.endpoints.len()).collect(),
        };
        let mut meeting: Vec<usize> = candidates
            .into_iter()
            .filter(|&e| {
                let endpoint = &out.endpoints[e];
                if let Some(tail) = &call.tail {
                    return methods_pair(&endpoint.method, &call.method)
                        && tail_meets(endpoint, tail);
                }
                methods_pair(&endpoint.method, &call.method)
                    && routes_meet(
                        &endpoint.route,
                        endpoint.segments.as_ref(),
                        &call.route,
                        call.segments.as_ref(),
                    )
            })
            .collect();
        // A route that fixes a segment where the call puts a value, while the call fixes a
        // segment where the route takes one, names other things at both places
        // (`/workspaces/{slug}/dashboard/{id}` against `/workspaces/file-assets/{ws}/{key}`):
        // it meets the call only by the call's value spelling the route's text and the
        // route's value the call's, so it is no route for the call.
        if let Some(segments) = &call.segments {
            meeting.retain(|&e| {
                out.endpoints[e]
                    .segments
                    .as_ref()
                    .is_none_or(|route| !crosses_both_ways(segments, route))
            });
        }
        // A catch-all (`GET *`, a page server's) meets every path: for a call whose start is
        // unknown (another host, perhaps) it pins nothing down, and neither does a wildcard
        // for a call to a port of this machine (this server, or a program beside it).
        if call.start_unknown {
            meeting.retain(|&e| !is_catch_all(&out.endpoints[e]));
        } else if call.same_machine.is_some() {
            meeting.retain(|&e| !is_wildcard(&out.endpoints[e]));
        }
        // No route meets the call in full, and its last segment ends with a format extension
        // (`/notes.json`): the routes whose framework answers their path so extended.
        if meeting.is_empty()
            && call.tail.is_none()
            && let Some(segments) = &call.segments
            && let Some(stripped) = without_format_extension(segments)
        {
            let route = RoutePath::parse(&format!("/{}", stripped.join("/")));
            meeting.extend(format_suffixed.iter().copied().filter(|&e| {
                let endpoint = &out.endpoints[e];
                methods_pair(&endpoint.method, &call.method)
                    && routes_meet(
                        &endpoint.route,
                        endpoint.segments.as_ref(),
                        &route,
                        Some(&stripped),
                    )
            }));
        }
        // No route meets the call in full: the routes under an unknown prefix whose known
        // path ends the call's.
        let mut met_by_suffix = false;
        if let (None, Some(segments)) = (&call.tail, &call.segments)
            && !meeting.iter().any(|&e| !out.endpoints[e].contract)
        {
            let suffixed: Vec<usize> = by_suffix
                .iter()
                .copied()
                .filter(|&e| {
                    let endpoint = &out.endpoints[e];
                    methods_pair(&endpoint.method, &call.method)
                        && endpoint
                            .segments
                            .as_ref()
                            .is_some_and(|route| crate::known_suffix::suffix_meets(route, segments))
                })
                .collect();
            if !suffixed.is_empty() {
                meeting.extend(suffixed);
                met_by_suffix = true;
            }
        }
        // A call whose start is unknown and that meets no route in full: that start may hold
        // leading segments too (a base URL ending in `/api`), so the call meets the route its
        // path ends, when all the routes it ends share one path.
        if call.start_unknown
            && call.tail.is_none()
            && !met_by_suffix
            && !meeting.iter().any(|&e| !out.endpoints[e].contract)
            && let Some(segments) = &call.segments
        {
            let ending: Vec<usize> = (0..out.endpoints.len())
                .filter(|&e| {
                    let endpoint = &out.endpoints[e];
                    !endpoint.contract
                        && !is_catch_all(endpoint)
                        && methods_pair(&endpoint.method, &call.method)
                        && tail_meets(endpoint, segments)
                })
                .collect();
            let paths: std::collections::BTreeSet<&str> = ending
                .iter()
                .map(|&e| out.endpoints[e].normalized_path())
                .collect();
            if paths.len() == 1 {
                meeting.extend(ending);
            }
        }
        // A call whose last segment ends in a value glued to its text (`/api/files${path}`,
        // the value starting with `/`) and that meets no route in full: the value may hold
        // more segments, so the call meets the route whose path goes on from its fixed part;
        // several such paths leave it unpairable rather than unserved.
        let call_path = (call.tail.is_none()
            && !meeting.iter().any(|&e| !out.endpoints[e].contract))
        .then(|| call.route.normalized_path());
        let call_segments: Vec<&str> = call_path
            .iter()
            .flat_map(|p| p.split('/'))
            .filter(|s| !s.is_empty())
            .collect();
        if let Some((last, before)) = call_segments.split_last()
            && let Some(lead) = glued_value_lead(last)
        {
            let going_on: Vec<usize> = (0..out.endpoints.len())
                .filter(|&e| {
                    let endpoint = &out.endpoints[e];
                    let path = endpoint.normalized_path();
                    let route: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
                    !endpoint.contract
                        && methods_pair(&endpoint.method, &call.method)
                        && route.len() > before.len()
                        && route[before.len()] == lead
                        && before
                            .iter()
                            .zip(&route)
                            .all(|(c, r)| !is_static(c) || !is_static(r) || c == r)
                })
                .collect();
            let paths: std::collections::BTreeSet<&str> = going_on
                .iter()
                .map(|&e| out.endpoints[e].normalized_path())
                .collect();
            match paths.len() {
                0 => {}
                1 => meeting.extend(going_on),
                _ => {
                    leaving.push((c, UnpairableReason::UnknownDestination));
                    continue;
                }
            }
        }
        let code: Vec<usize> = meeting
            .iter()
            .copied()
            .filter(|&e| !out.endpoints[e].contract)
            .collect();
        let contracts: Vec<usize> = meeting
            .iter()
            .copied()
            .filter(|&e| out.endpoints[e].contract)
            .collect();
        // A call whose start is unknown pins one route down or none: several routes of
        // different paths ending the same way leave it unpairable.
        // Of those, the routes that fix no segment the call leaves to a value are preferred
        // (`{base}/items/{id}` means an item by id, not the route `/items/new` its value could
        // also spell).
        let (mut code, mut contracts) = (code, contracts);
        // A call whose start is unknown made inside the handler of a route it meets is no
        // request to that route: a handler does not answer itself over HTTP, it forwards to
        // another server serving the same path (`requests.get(f"{integration.server_url}/albums")`
        // in the handler of `/api/integrations/immich/albums`). Met only so, the call is another
        // server's.
        if call.start_unknown && !code.is_empty() {
            let caller = &summaries[call.summary];
            code.retain(|&e| !encloses(&summaries[out.endpoints[e].summary], caller));
            if code.is_empty() {
                leaving.push((c, UnpairableReason::External));
                continue;
            }
        }
        if let Some(tail) = &call.tail {
            let pool = if code.is_empty() {
                &mut contracts
            } else {
                &mut code
            };
            let fewest = pool
                .iter()
                .map(|&e| tail_guessed(&out.endpoints[e], tail))
                .min()
                .unwrap_or(0);
            pool.retain(|&e| tail_guessed(&out.endpoints[e], tail) == fewest);
            let paths: std::collections::BTreeSet<&str> = pool
                .iter()
                .map(|&e| out.endpoints[e].normalized_path())
                .collect();
            if paths.len() > 1 {
                leaving.push((c, UnpairableReason::UnknownDestination));
                continue;
            }
        }
        // A catch-all (a page server's `*`) meets any path: it answers a call only when no
        // route with a fixed segment does. Of the routes left, a call whose value spells their
        // fixed segment (`/api/libraries/{id}/{entity}` against `…/items` and `…/series`)
        // reaches one of them, which the code does not say when they are of several paths: it
        // is left unpairable rather than given to the first.
        if call.tail.is_none() && code.iter().any(|&e| !is_catch_all(&out.endpoints[e])) {
            code.retain(|&e| !is_catch_all(&out.endpoints[e]));
            if let Some(segments) = &call.segments {
                let guessed = |e: usize| guessed_segments(&out.endpoints[e], segments);
                let fewest = code.iter().map(|&e| guessed(e)).min().unwrap_or(0);
                let paths: std::collections::BTreeSet<&str> = code
                    .iter()
                    .filter(|&&e| guessed(e) == fewest)
                    .map(|&e| out.endpoints[e].normalized_path())
                    .collect();
                if fewest > 0 && paths.len() > 1 {
                    leaving.push((c, UnpairableReason::UnknownDestination));
                    continue;
                }
            }
        }
        let call_segments = call.segments.as_ref();
        let (chosen, beside) = if code.is_empty() {
            (
                most_specific(&out.endpoints, &contracts, call_segments),
                Vec::new(),
            )
        } else {
            // Of routes that fit equally well, the one its own project serves is where a
            // relative URL goes (see `projects`).
            let best = most_specific(&out.endpoints, &code, call_segments);
            let chosen = crate::projects::own_project_first(
                &summaries[call.summary],
                best,
                |e| out.endpoints[e].summary,
                summaries,
            );
            // The declared contracts beside them: those declaring a chosen route's own path
            // (the same operation), else those that fit the call as well, not every one it
            // could reach (`/items/new` beside `/items/{id}` for `/items/${id}`).
            let same_route: Vec<usize> = contracts
                .iter()
                .copied()
                .filter(|&k| {
                    chosen.iter().any(|&e| {
                        out.endpoints[e].normalized_path() == out.endpoints[k].normalized_path()
                    })
                })
                .collect();
            let beside = if same_route.is_empty() {
                most_specific(&out.endpoints, &contracts, call_segments)
            } else {
                same_route
            };
            (chosen, beside)
        };
        if chosen.is_empty() {
            if call.same_machine.is_some() {
                loopback_unmet.push(c);
            } else {
                out.unpaired_calls.push(c);
            }
            continue;
        }
        for &e in chosen.iter().chain(&beside) {
            endpoint_met[e] = true;
        }
        out.paired.push(CallPairing {
            call: c,
            providers: chosen,
            contracts: beside,
            by_suffix: met_by_suffix,
        });
    }
    // A start seam could not read is one value, so the calls made with it go to one server:
    // when most of them meet no route here and the others only by guessing that the base
    // holds the route's leading segments, that server is another service (a payment
    // provider's API whose base URL the deployment configures), and the few that end like one
    // of this repository's routes do so by chance. A call that ends several routes met none
    // of them, and counts so.
    let elsewhere = unknown_bases_elsewhere(summaries, &out);
    if !elsewhere.is_empty() {
        let gone: std::collections::BTreeSet<usize> = elsewhere.iter().copied().collect();
        leaving.retain(|(c, _)| !gone.contains(c));
        leaving.extend(
            elsewhere
                .into_iter()
                .map(|c| (c, UnpairableReason::External)),
        );
        out.paired.retain(|p| !gone.contains(&p.call));
        out.unpaired_calls.retain(|c| !gone.contains(c));
        endpoint_met = vec![false; out.endpoints.len()];
        for p in &out.paired {
            for &e in p.providers.iter().chain(&p.contracts) {
                endpoint_met[e] = true;
            }
        }
    }
    // A loopback port some call reaches a code route through is this server's: its other
    // calls are paths it does not serve. A port no call reaches one through is another
    // program's (a call meeting only a declared contract says nothing of who listens there).
    let served_ports: std::collections::BTreeSet<&str> = out
        .paired
        .iter()
        .filter(|p| p.providers.iter().any(|&e| !out.endpoints[e].contract))
        .filter_map(|p| out.calls[p.call].same_machine.as_deref())
        .collect();
    let mut unserved = Vec::new();
    for c in loopback_unmet {
        match out.calls[c].same_machine.as_deref() {
            Some(port) if served_ports.contains(port) => unserved.push(c),
            _ => leaving.push((c, UnpairableReason::External)),
        }
    }
    if !unserved.is_empty() {
        out.unpaired_calls.extend(unserved);
        out.unpaired_calls.sort_unstable();
    }
    leaving.sort_unstable_by_key(|(c, _)| *c);
    // Ambiguous calls, and calls to another program on this machine, leave `calls` (indices
    // shift) for the unpairable list.
    if !leaving.is_empty() {
        let mut old_to_new = vec![None; out.calls.len()];
        let mut kept = Vec::with_capacity(out.calls.len());
        for (c, call) in std::mem::take(&mut out.calls).into_iter().enumerate() {
            if let Ok(at) = leaving.binary_search_by_key(&c, |(l, _)| *l) {
                out.unpairable_calls.push((call, leaving[at].1));
            } else {
                old_to_new[c] = Some(kept.len());
                kept.push(call);
            }
        }
        out.calls = kept;
        for p in &mut out.paired {
            p.call = old_to_new[p.call].unwrap_or(p.call);
        }
        for c in &mut out.unpaired_calls {
            *c = old_to_new[*c].unwrap_or(*c);
        }
    }
    out.unpaired_endpoints = endpoint_met
        .iter()
        .enumerate()
        .filter(|(_, met)| !**met)
        .map(|(e, _)| e)
        .collect();
    out
}

/// Whether the unit `outer` holds the unit `inner` (the same unit, or one written inside it).
fn encloses(outer: &BehavioralSummary, inner: &BehavioralSummary) -> bool {
    let (o, i) = (&outer.location, &inner.location);
    if o.file != i.file {
        return false;
    }
    match (&o.span, &i.span) {
        (Some(os), Some(is)) => os.start <= is.start && is.end <= os.end,
        _ => o.range.start <= i.range.start && i.range.end <= o.range.end,
    }
}

/// The calls whose unknown start names another service. They are grouped by where the start
/// comes from (the innermost wrapper the request goes through, else the file the call is
/// written in, and the name of the leading value). A call that meets a route only if the base
/// also holds the route's leading segments (`{base}/payments/{id}` against
/// `/api/v1/payments/{payment_hash}`, the base ending in `/api/v1`) rests on a guess about the
/// base; a group whose calls meet routes only that way, and fewer than half of them, guessed
/// wrong: the base is another service's. A call that meets a route in full says the base may
/// be this server's host, and a lone call says nothing of its base.
fn unknown_bases_elsewhere(summaries: &[BehavioralSummary], out: &RestPairing) -> Vec<usize> {
    // Paired call → whether it met its routes in full (the base held none of their segments).
    let paired: HashMap<usize, bool> = out
        .paired
        .iter()
        .map(|p| {
            let call = &out.calls[p.call];
            let length = call.tail.as_ref().or(call.segments.as_ref()).map(Vec::len);
            let in_full = p
                .providers
                .iter()
                .any(|&e| match (&out.endpoints[e].segments, length) {
                    (Some(route), Some(length)) => route.len() <= length,
                    _ => true,
                });
            (p.call, in_full)
        })
        .collect();
    // (source, leading value) → (calls, paired, some paired in full)
    let mut groups: BTreeMap<(String, String), (Vec<usize>, usize, bool)> = BTreeMap::new();
    for (c, call) in out.calls.iter().enumerate() {
        if !call.start_unknown {
            continue;
        }
        let summary = &summaries[call.summary];
        let through = call
            .site
            .is_none()
            .then(|| {
                summary
                    .metadata
                    .as_ref()
                    .and_then(|m| m.get("http"))
                    .and_then(|h| h.get("through"))
                    .and_then(|t| t.as_array())
                    .and_then(|t| t.first())
                    .and_then(|t| t.as_str())
            })
            .flatten();
        let source = through.unwrap_or(summary.location.file.as_str()).to_owned();
        let path = call.route.normalized_path();
        let lead = path
            .split('/')
            .find(|s| !s.is_empty())
            .filter(|s| is_whole_hole(s))
            .unwrap_or_default()
            .to_owned();
        let group = groups.entry((source, lead)).or_default();
        group.0.push(c);
        if let Some(&in_full) = paired.get(&c) {
            group.1 += 1;
            group.2 |= in_full;
        }
    }
    let mut elsewhere: Vec<usize> = groups
        .into_values()
        .filter(|(calls, met, in_full)| *met >= 1 && !in_full && met * 2 < calls.len())
        .flat_map(|(calls, _, _)| calls)
        .collect();
    elsewhere.sort_unstable();
    elsewhere
}

/// The fixed-shape endpoints of one segment count. An endpoint whose static segment differs
/// from a call's static segment at the same position cannot meet it (see [`routes_meet`]), so
/// the call looks only at the endpoints with its segment there or a varying one.
#[derive(Debug)]
struct LengthIndex {
    all: Vec<usize>,
    /// Per position: static segment → endpoints (ascending).
    by_segment: Vec<HashMap<String, Vec<usize>>>,
    /// Per position: endpoints whose segment there varies (ascending).
    varying: Vec<Vec<usize>>,
}

impl LengthIndex {
    fn new(length: usize) -> Self {
        LengthIndex {
            all: Vec::new(),
            by_segment: vec![HashMap::new(); length],
            varying: vec![Vec::new(); length],
        }
    }

    fn add(&mut self, endpoint: usize, segments: &[String]) {
        self.all.push(endpoint);
        for (position, segment) in segments.iter().enumerate() {
            if is_static(segment) {
                if let Some(map) = self.by_segment.get_mut(position) {
                    map.entry(segment.clone()).or_default().push(endpoint);
                }
            } else if let Some(list) = self.varying.get_mut(position) {
                list.push(endpoint);
            }
        }
    }

    /// The endpoints that may meet a call with these segments, ascending: a superset of those
    /// that do, taken at the call's most selective static position.
    fn candidates(&self, segments: &[String]) -> Vec<usize> {
        const NONE: &[usize] = &[];
        let mut best: Option<(&[usize], &[usize])> = None;
        for (position, segment) in segments.iter().enumerate() {
            if !is_static(segment) {
                continue;
            }
            let (Some(map), Some(varying)) =
                (self.by_segment.get(position), self.varying.get(position))
            else {
                continue;
            };
            let fixed = map.get(segment).map_or(NONE, Vec::as_slice);
            let size = fixed.len() + varying.len();
            if best.is_none_or(|(f, v)| size < f.len() + v.len()) {
                best = Some((fixed, varying.as_slice()));
            }
        }
        match best {
            None => self.all.clone(),
            Some((fixed, varying)) => merge_ascending(fixed, varying),
        }
    }
}

/// Two ascending lists with no common element, merged ascending.
fn merge_ascending(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while let (Some(&x), Some(&y)) = (a.get(i), b.get(j)) {
        if x <= y {
            out.push(x);
            i += 1;
        } else {
            out.push(y);
            j += 1;
        }
    }
    out.extend_from_slice(a.get(i..).unwrap_or_default());
    out.extend_from_slice(b.get(j..).unwrap_or_default());
    out
}

/// The most specific of the endpoints for a call: first the fewest fixed route segments met by
/// a value the call does not know (a call of `/todos/{id}` means an id, not the route
/// `/todos/stats` its hole could also spell), then the fewest route segments mixing text and
/// values met by a whole value of the call (a call of `/results/{id}` means the route
/// `/results/{id}`, not `/results/{id}.{format}` beside it, whose text its value would have to
/// hold), then the highest route specificity, then an exact method over `*`; every endpoint
/// with the same rank and the same normalised route is kept (one route described by several
/// summaries).
fn most_specific(
    endpoints: &[Endpoint],
    candidates: &[usize],
    call_segments: Option<&Vec<String>>,
) -> Vec<usize> {
    let guessed = |endpoint: &Endpoint| match (call_segments, endpoint.segments.as_ref()) {
        (Some(call), Some(route)) if call.len() == route.len() => (
            values_on_fixed_segments(call, route),
            values_on_shaped_segments(call, route),
        ),
        (Some(call), None) => (guessed_segments(endpoint, call), 0),
        _ => (0, 0),
    };
    let rank = |e: usize| {
        let endpoint = &endpoints[e];
        (
            std::cmp::Reverse(guessed(endpoint)),
            endpoint.specificity,
            endpoint.method != "*",
            std::cmp::Reverse(endpoint.path.as_str()),
        )
    };
    let Some(best) = candidates.iter().map(|&e| rank(e)).max() else {
        return Vec::new();
    };
    candidates
        .iter()
        .copied()
        .filter(|&e| rank(e) == best)
        .collect()
}

fn collect_service_calls(
    summary: &BehavioralSummary,
    index: usize,
    origins: &ClientOrigins<'_>,
    out: &mut RestPairing,
) {
    let mut seen: Vec<String> = Vec::new();
    for (t, transition) in summary.transitions.iter().enumerate() {
        for (f, effect) in transition.effects.iter().enumerate() {
            let Effect::Interaction(interaction) = &**effect else {
                continue;
            };
            let Interaction::ServiceCall(call) = &interaction.interaction else {
                continue;
            };
            let binding = &interaction.binding;
            let Semantics::Rest(rest) = &binding.semantics else {
                continue;
            };
            let method = rest
                .method
                .clone()
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| call.method.clone());
            let Some(path) = rest.path.as_deref().filter(|p| !p.is_empty()) else {
                continue;
            };
            if method.is_empty() {
                continue;
            }
            let method = method.to_uppercase();
            let route = RoutePath::parse(path);
            let key = key_of(&method, &route);
            // One call site appears on every path that runs it; it is one call.
            if seen.contains(&key) {
                continue;
            }
            seen.push(key.clone());
            let destination = origins.of_effect(
                &summary.location.file,
                &key,
                interaction.location.as_ref().map(|l| l.start),
            );
            place_call(
                Call {
                    summary: index,
                    site: Some((t, f)),
                    binding: binding.clone(),
                    segments: fixed_segments(&route),
                    method,
                    route,
                    key,
                    start_unknown: false,
                    tail: None,
                    same_machine: None,
                },
                &destination,
                out,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segments(path: &str) -> Vec<String> {
        path.split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    }

    fn index(paths: &[&str]) -> LengthIndex {
        let mut index = LengthIndex::new(2);
        for (e, path) in paths.iter().enumerate() {
            index.add(e, &segments(path));
        }
        index
    }

    #[test]
    fn length_index_keeps_only_endpoints_without_a_static_clash_in_run_order() {
        let index = index(&[
            "/users/{id}",
            "/orders/{id}",
            "/{kind}/list",
            "/users/me",
            "/orders/list",
        ]);
        // Position 0 (`users`: 0 and 3, plus 2 varying) is narrower than position 1 (`list`:
        // 2 and 4, plus 0 and 1 varying).
        assert_eq!(index.candidates(&segments("/users/list")), vec![0, 2, 3]);
        assert_eq!(index.candidates(&segments("/orders/{id}")), vec![1, 2, 4]);
        // No static segment: every endpoint of the length.
        assert_eq!(index.candidates(&segments("/{a}/{b}")), vec![0, 1, 2, 3, 4]);
        assert_eq!(index.candidates(&segments("/carts/{id}")), vec![2]);
    }

    #[test]
    fn origins_say_whether_a_call_stays_here() {
        let of = |o: &str| Destination::of_origin(Some(o));
        assert_eq!(Destination::of_origin(None), Destination::Here);
        for same_machine in [
            "http://localhost:3000",
            "http://0.0.0.0:8000",
            "http://[::1]:8080",
            "http://127.0.0.1:1984",
            "http://app.localhost:5173",
        ] {
            assert_eq!(
                of(same_machine),
                Destination::SameMachine(same_machine.to_owned())
            );
        }
        for here in [
            "http://localhost",
            "http://127.0.0.1",
            "http://[::1]",
            "http://testserver",
            "http://api:8000",
            "http://app.localhost",
            "http://shop.test",
        ] {
            assert_eq!(of(here), Destination::Here, "{here}");
        }
        for elsewhere in [
            "https://news.ycombinator.com",
            "https://api.github.com",
            "//cdn.example.com",
            "http://10.0.0.2:8080",
            "chrome-extension://opemhndcehfgipokneipaafbglcecjia",
            "file://localhost",
        ] {
            assert_eq!(of(elsewhere), Destination::Elsewhere(elsewhere.to_owned()));
        }
        assert_eq!(of("unknown"), Destination::StartUnknown);
        assert_eq!(of("http://{host}"), Destination::StartUnknown);
    }

    /// A route of no summary in particular, as pairing builds it.
    fn test_endpoint(method: &str, path: &str) -> Endpoint {
        let route = RoutePath::parse(path);
        Endpoint {
            summary: 0,
            method: method.into(),
            key: key_of(method, &route),
            contract: false,
            segments: fixed_segments(&route),
            specificity: route.specificity(),
            path: route.normalized_path(),
            route,
            by_suffix: false,
            format_suffix: false,
        }
    }

    #[test]
    fn a_route_of_several_shapes_counts_the_fixed_segments_its_best_shape_guesses() {
        let endpoint = |path: &str| test_endpoint("DELETE", path);
        let call = segments("/api/{entityType}/{entityId}/image");
        // One router mounted twice, one mount under a prefix of any length: the call meets it
        // only by `{entityType}` and `{entityId}` spelling `api` and `library`.
        let group = endpoint("(/api/album/{id}|/{prefix*}/api/library/{id})");
        assert!(group.segments.is_none());
        assert_eq!(guessed_segments(&group, &call), 2);
        assert_eq!(
            guessed_segments(&endpoint("/api/playlist/{id}/image"), &call),
            1
        );
        // A catch-all guesses nothing; neither does an alternative that fits the call.
        assert_eq!(guessed_segments(&endpoint("/api/{rest*}"), &call), 0);
        assert_eq!(
            guessed_segments(&endpoint("(/api|/v1)/{kind}/{id}/image"), &call),
            0
        );
    }

    #[test]
    fn a_format_extension_comes_off_the_last_fixed_segment_only() {
        assert_eq!(
            without_format_extension(&segments("/api/0.6/notes.json")),
            Some(segments("/api/0.6/notes"))
        );
        assert_eq!(
            without_format_extension(&segments("/notes/{id}.xml")),
            None,
            "a value's extension is the value's"
        );
        assert_eq!(without_format_extension(&segments("/api/0.6/notes")), None);
        assert_eq!(without_format_extension(&segments("/files/.env")), None);
        assert_eq!(without_format_extension(&segments("/a/b.manifest")), None);
    }

    #[test]
    fn route_shapes_spell_out_groups_and_ranged_holes() {
        assert_eq!(
            route_shapes("/a(/b|/c/{id})/d", 3),
            vec![vec!["a", "b", "d"]]
        );
        assert_eq!(route_shapes("/{p*}/x", 3), vec![vec!["{}", "{}", "x"]]);
        assert_eq!(route_shapes("/{p+}/x", 1), Vec::<Vec<String>>::new());
        assert_eq!(route_shapes("/{p*}/x", 1), vec![vec!["x"]]);
    }

    #[test]
    fn a_tail_meets_the_last_segments_of_a_fixed_route() {
        let endpoint = |path: &str| test_endpoint("GET", path);
        let tail = |t: &[&str]| t.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert!(tail_meets(
            &endpoint("/api/orders/:id"),
            &tail(&["orders", "{id}"])
        ));
        assert!(tail_meets(
            &endpoint("/orders/:id"),
            &tail(&["orders", "{id}"])
        ));
        assert!(!tail_meets(
            &endpoint("/orders"),
            &tail(&["orders", "{id}"])
        ));
        // A route's hole does not stand in for text the call fixed.
        assert!(!tail_meets(
            &endpoint("/api/{kind}/{id}"),
            &tail(&["orders", "{id}"])
        ));
        // The unknown start is a base URL: it may end with the route's leading segments, but
        // not stand for route values alone.
        assert!(!tail_meets(
            &endpoint("/:orgId/users/:id"),
            &tail(&["users", "{id}"])
        ));
        assert!(tail_meets(
            &endpoint("/api/v1/users/:id"),
            &tail(&["users", "{id}"])
        ));
        assert!(tail_meets(
            &endpoint("/api/:org/users/:id"),
            &tail(&["users", "{id}"])
        ));
        // A route spanning shapes pins nothing down against an unknown start.
        assert!(!tail_meets(
            &endpoint("/llms.mdx/docs/{slug*}"),
            &tail(&["share", "{slug}", "opengraph"])
        ));
    }

    #[test]
    fn a_route_crosses_a_call_when_each_fixes_what_the_other_leaves_to_a_value() {
        let crosses =
            |call: &str, route: &str| crosses_both_ways(&segments(call), &segments(route));
        assert!(crosses(
            "/ws/{slug}/dashboard/{id}",
            "/ws/file-assets/{ws_id}/{key}"
        ));
        // Text glued to a value fixes the segment as well.
        assert!(crosses("/api/{org}tags/{id}", "/api/{organization}/ai"));
        // One way only: the most specific route is chosen among such.
        assert!(!crosses("/todos/{id}", "/todos/stats"));
        assert!(!crosses("/users/me", "/users/{id}"));
        assert!(!crosses("/api/v{n}/items", "/api/v1/items"));
        assert!(!crosses("/a/{b}", "/a/{c}/d"));
        assert!(has_fixed_text("v{n}") && !has_fixed_text("{a}{b}"));
    }

    #[test]
    fn merge_ascending_interleaves_both_lists() {
        assert_eq!(merge_ascending(&[1, 4, 9], &[0, 5]), vec![0, 1, 4, 5, 9]);
        assert_eq!(merge_ascending(&[], &[2, 3]), vec![2, 3]);
        assert_eq!(merge_ascending(&[7], &[]), vec![7]);
    }
}
