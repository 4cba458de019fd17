//! Clients a library call hands a callback as one of its parameters, and URLs given as
//! functions.
//!
//! Some libraries build requests from a table of definitions the app writes in a callback:
//! the library calls it with an object that makes each definition
//! (`createApi({ baseQuery, endpoints: (builder) => ({ getItem: builder.query({ … }) }) })`).
//! A pack's `injected` client entry without `property` says the callback's first parameter
//! (or the one `parameter` names, counted from 0: the fourth of RTK Query's `queryFn: (arg,
//! api, extra, baseQuery) => …`) is itself a client, and its `client` read names the client the call hands on (the
//! `baseQuery` made by `fetchBaseQuery({ baseUrl })`, or an API made by another call): the
//! parameter carries that client's base URL. A function handed on in its place (the app's own
//! base query around the library's) stands for the one client it makes inside; one that makes
//! none, or that cannot be read, leaves the start of each URL unknown.
//!
//! Such definitions often give the URL as a function of the call's argument
//! (`query: (id) => \`items/${id}\``): a URL written as a function is the one value it
//! returns (see [`returned_url`]).

use seam_lang::model::{ExprId, ExprKind, FuncId};
use seam_packs::{Capture, Captures, InjectedClient, Pack, ValueRead, match_expr};

use crate::discover::anchor_ok;
use crate::files::Files;
use crate::url::Reader;

/// What a call handing a callback one of its parameters as a client hands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Handed {
    /// A client with no base URL (the entry names no client handed on).
    Plain,
    /// The client at this expression: the handed parameter carries its base URL.
    From(usize, ExprId),
    /// The entry names a client handed on, but its value cannot be read.
    Unread,
}

/// The expression a metavariable or an options key of a match reads (`$API`, `{ option:
/// $CONFIG, key: baseQuery }`): `None` when the capture is missing or the key is not there.
pub(crate) fn read_at(
    reader: &Reader,
    file: usize,
    read: &ValueRead,
    caps: &Captures,
) -> Option<(usize, ExprId)> {
    match read {
        ValueRead::Meta(m) => caps.get(m).and_then(Capture::expr).map(|e| (file, e)),
        ValueRead::Option { meta, key, .. } => caps
            .get(meta)
            .and_then(Capture::expr)
            .and_then(|o| reader.object_key(file, o, key).ok().flatten()),
        _ => None,
    }
}

/// Whether a call in `file` of the pack's `injected` entries without a `property` hands the
/// function `callback` its parameter `index` as the client, and what client it hands on.
pub(crate) fn handed(
    files: &Files,
    pack: &Pack,
    reader: &Reader,
    file: usize,
    callback: FuncId,
    index: u32,
) -> Option<Handed> {
    let keep = |i: &InjectedClient| i.property.is_none() && i.parameter == index;
    let (entry, caps) = handing_call(files, pack, reader, file, callback, keep)?;
    Some(match &entry.client {
        None => Handed::Plain,
        Some(read) => match read_at(reader, file, read, &caps) {
            Some((cf, ce)) => Handed::From(cf, ce),
            None => Handed::Unread,
        },
    })
}

/// The first call in `file` of one of the pack's `injected` entries that `keep` accepts whose
/// callback is the function `callback`, with the entry and the match's captures.
pub(crate) fn handing_call<'p>(
    files: &Files,
    pack: &'p Pack,
    reader: &Reader,
    file: usize,
    callback: FuncId,
    keep: impl Fn(&InjectedClient) -> bool,
) -> Option<(&'p InjectedClient, Captures)> {
    let model = files.model(file);
    let entries: Vec<&InjectedClient> = pack
        .clients
        .iter()
        .filter_map(|c| c.injected.as_ref())
        .filter(|i| keep(i))
        .collect();
    if entries.is_empty() {
        return None;
    }
    files.calls(file).find_map(|c| {
        entries.iter().find_map(|&i| {
            if !anchor_ok(&i.pattern, c.name) {
                return None;
            }
            let mut caps = Captures::new();
            if !match_expr(model, &i.pattern, c.call, &mut caps) {
                return None;
            }
            let (hf, he) = read_at(reader, file, &i.callback, &caps)?;
            let is_callback = hf == file
                && matches!(model.expr(he).kind,
                    ExprKind::Function { function } if function == callback);
            is_callback.then_some((i, caps))
        })
    })
}

/// The expression a client call's URL is read from: a URL written as a function
/// (`query: (id) => \`items/${id}\``) is the one value it returns; any other expression is
/// itself.
pub(crate) fn returned_url(files: &Files, file: usize, expr: ExprId) -> (usize, ExprId) {
    let model = files.model(file);
    if let ExprKind::Function { function } = model.expr(expr).kind
        && let [one] = files.returned_values(file, function)[..]
    {
        return (file, one);
    }
    (file, expr)
}

/// The key of the object property whose value is `call` (`getItem: builder.query({ … })`):
/// the name of a request defined in a table.
pub(crate) fn holding_key(model: &seam_lang::model::Model, call: ExprId) -> Option<String> {
    model.exprs.iter().find_map(|e| match &e.kind {
        ExprKind::Object { props } => props.iter().find_map(|p| match p {
            seam_lang::model::ObjectProp::KeyValue { key, value, .. } if *value == call => {
                key.as_str().map(str::to_owned)
            }
            _ => None,
        }),
        _ => None,
    })
}
