//! Boundary key strings as people write them in suppressions, `--at` and intents.
//!
//! | protocol | spelling |
//! |---|---|
//! | REST | `GET /users/{id}`, `* /users` (`:id` and `{id}` alike; normalised on parse) |
//! | function call | `fn:<package>::<exportPath>` (export path joined with `.`) |
//! | GraphQL resolver | `gql:<Type>.<field>` |
//! | message bus | `bus:<messageBus> <channel>` (usually the subject alone) |
//! | storage | `<storageSystem>:[<scope>/]<container>[#<accessPath>]`, scope omitted when `default` |
//! | runtime config | `runtime-config:<Instance>`, `runtime-config <VARIABLE>` |
//! | unit invocation | `unit:<target> <name>` |
//! | io | `io:stdout` |
//!
//! Anything else (`prd:<title>`, a string no protocol claims) is kept verbatim as
//! [`BoundaryKey::Other`], with its case.
//!
//! Parsing trims surrounding whitespace and canonicalises: a REST method is upper-cased and the
//! path normalised ([`crate::vocab::route_path::normalize_path`]), and a storage scope of
//! `default` is dropped. For every key value `k`, `BoundaryKey::parse(&k.to_string()) == k`, and
//! for every canonical string `s` (one the printer writes), `BoundaryKey::parse(s).to_string() == s`.
//!
//! What a spelling cannot say: a function package containing `::`, a GraphQL type containing
//! `.`, a storage system containing `:` or whitespace, a scope containing `/` or `#`, and a
//! container containing `#` (or `/` when the scope is the default). Such values do not print to a
//! string that reads back as themselves.

use std::fmt;

use super::channel::Channel;
use super::route_path::normalize_path;

/// A parsed boundary key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoundaryKey {
    /// `GET /users/{id}`: the method upper-cased (or `*`), the path normalised.
    Rest { method: String, path: String },
    /// `fn:@acme/api::getUser`.
    FunctionCall {
        package: String,
        export_path: Vec<String>,
    },
    /// `gql:Query.user`.
    GraphqlResolver {
        type_name: String,
        field_name: String,
    },
    /// `bus:aws_sqs order.placed`.
    MessageBus {
        message_bus: String,
        channel: Channel,
    },
    /// `aws.dynamodb:editions#by-publication`, `postgresql:audit/log_entries`.
    Storage {
        storage_system: String,
        /// `None` for the default scope.
        scope: Option<String>,
        container: String,
        access_path: Option<String>,
    },
    /// `runtime-config:OrdersFunction`.
    RuntimeConfig { instance_name: String },
    /// `runtime-config ACCOUNTS_REGION`.
    RuntimeConfigVariable { variable: String },
    /// `unit:lambda ReportBuilder`.
    UnitInvocation {
        deployment_target: String,
        instance_name: String,
    },
    /// `io:stdout`.
    Io { target: String },
    /// A string no protocol claims, kept as written (trimmed).
    Other(String),
}

/// The storage scope that means "no source said which".
pub const DEFAULT_SCOPE: &str = "default";

/// Prefixes that name a protocol other than storage, so `<word>:` after them is not a store.
const RESERVED_PREFIXES: &[&str] = &["fn", "gql", "bus", "unit", "io", "runtime-config", "prd"];

fn non_empty(text: &str) -> Option<&str> {
    if text.is_empty() { None } else { Some(text) }
}

/// `<first> <rest>`: both non-empty, split at the first run of whitespace.
fn two_words(text: &str) -> Option<(&str, &str)> {
    let (first, rest) = text.split_once(char::is_whitespace)?;
    Some((non_empty(first)?, non_empty(rest.trim_start())?))
}

impl BoundaryKey {
    /// Reads a key string. Never fails: a string no protocol claims is [`BoundaryKey::Other`].
    pub fn parse(raw: &str) -> BoundaryKey {
        let text = raw.trim();
        Self::parse_claimed(text).unwrap_or_else(|| BoundaryKey::Other(text.to_string()))
    }

    fn parse_claimed(text: &str) -> Option<BoundaryKey> {
        if let Some(rest) = text.strip_prefix("fn:") {
            let (package, export_path) = rest.split_once("::")?;
            return Some(BoundaryKey::FunctionCall {
                package: non_empty(package)?.to_string(),
                export_path: non_empty(export_path)?
                    .split('.')
                    .map(str::to_string)
                    .collect(),
            });
        }
        if let Some(rest) = text.strip_prefix("gql:") {
            let (type_name, field_name) = rest.split_once('.')?;
            return Some(BoundaryKey::GraphqlResolver {
                type_name: non_empty(type_name)?.to_string(),
                field_name: non_empty(field_name)?.to_string(),
            });
        }
        if let Some(rest) = text.strip_prefix("bus:") {
            let (message_bus, channel) = two_words(rest)?;
            return Some(BoundaryKey::MessageBus {
                message_bus: message_bus.to_string(),
                channel: Channel::parse(channel),
            });
        }
        if let Some(rest) = text.strip_prefix("unit:") {
            let (target, name) = two_words(rest)?;
            return Some(BoundaryKey::UnitInvocation {
                deployment_target: target.to_string(),
                instance_name: name.to_string(),
            });
        }
        if let Some(rest) = text.strip_prefix("io:") {
            return Some(BoundaryKey::Io {
                target: non_empty(rest)?.to_string(),
            });
        }
        if let Some(rest) = text.strip_prefix("runtime-config:") {
            return Some(BoundaryKey::RuntimeConfig {
                instance_name: non_empty(rest)?.to_string(),
            });
        }
        if let Some(rest) = text.strip_prefix("runtime-config") {
            if rest.starts_with(char::is_whitespace) {
                return Some(BoundaryKey::RuntimeConfigVariable {
                    variable: non_empty(rest.trim_start())?.to_string(),
                });
            }
            return None;
        }
        if let Some((method, path)) = two_words(text)
            && path.starts_with('/')
        {
            return Some(BoundaryKey::rest(method, path));
        }
        Self::parse_storage(text)
    }

    fn parse_storage(text: &str) -> Option<BoundaryKey> {
        let (system, rest) = text.split_once(':')?;
        if system.is_empty()
            || system.contains(|c: char| c.is_whitespace() || c == '/' || c == '#')
            || RESERVED_PREFIXES.contains(&system)
        {
            return None;
        }
        let (place, access_path) = match rest.split_once('#') {
            Some((place, access)) => (place, Some(non_empty(access)?.to_string())),
            None => (rest, None),
        };
        let (scope, container) = match place.split_once('/') {
            Some((scope, container)) => (Some(non_empty(scope)?), container),
            None => (None, place),
        };
        Some(BoundaryKey::storage(
            system,
            scope,
            non_empty(container)?,
            access_path.as_deref(),
        ))
    }

    /// A REST key: the method upper-cased, the path normalised.
    pub fn rest(method: &str, path: &str) -> BoundaryKey {
        BoundaryKey::Rest {
            method: method.to_uppercase(),
            path: normalize_path(path),
        }
    }

    /// A storage key; a scope of `default` is the same as no scope.
    pub fn storage(
        storage_system: &str,
        scope: Option<&str>,
        container: &str,
        access_path: Option<&str>,
    ) -> BoundaryKey {
        BoundaryKey::Storage {
            storage_system: storage_system.to_string(),
            scope: scope
                .filter(|scope| *scope != DEFAULT_SCOPE)
                .map(str::to_string),
            container: container.to_string(),
            access_path: access_path.map(str::to_string),
        }
    }

    /// A message-bus key. The key carries the subject of the channel, so both written forms of
    /// one channel land in one bucket.
    pub fn message_bus(message_bus: &str, channel: &str) -> BoundaryKey {
        BoundaryKey::MessageBus {
            message_bus: message_bus.to_string(),
            channel: Channel::new(None, &Channel::parse(channel).subject),
        }
    }

    /// Whether a key written in a suppression rule (`self`) picks out the boundary `key`.
    /// Every field must be equal after normalisation (`GET /legacy/*` is the literal route, not a
    /// wildcard), except that a message-bus channel matches by the channel pairing rule, so a
    /// rule naming `order.placed` matches the boundary on any bus and `default#order.placed`
    /// only on the default bus or a bus-less side.
    pub fn matches(&self, key: &BoundaryKey) -> bool {
        match (self, key) {
            (
                BoundaryKey::MessageBus {
                    message_bus: rule_bus,
                    channel: rule_channel,
                },
                BoundaryKey::MessageBus {
                    message_bus,
                    channel,
                },
            ) => rule_bus == message_bus && rule_channel.pairs_with(channel),
            _ => self == key,
        }
    }
}

/// Whether the rule key string `rule` picks out the boundary key string `key`.
pub fn keys_match(rule: &str, key: &str) -> bool {
    BoundaryKey::parse(rule).matches(&BoundaryKey::parse(key))
}

impl fmt::Display for BoundaryKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoundaryKey::Rest { method, path } => write!(f, "{method} {path}"),
            BoundaryKey::FunctionCall {
                package,
                export_path,
            } => write!(f, "fn:{package}::{}", export_path.join(".")),
            BoundaryKey::GraphqlResolver {
                type_name,
                field_name,
            } => write!(f, "gql:{type_name}.{field_name}"),
            BoundaryKey::MessageBus {
                message_bus,
                channel,
            } => write!(f, "bus:{message_bus} {channel}"),
            BoundaryKey::Storage {
                storage_system,
                scope,
                container,
                access_path,
            } => {
                write!(f, "{storage_system}:")?;
                if let Some(scope) = scope {
                    write!(f, "{scope}/")?;
                }
                f.write_str(container)?;
                if let Some(access_path) = access_path {
                    write!(f, "#{access_path}")?;
                }
                Ok(())
            }
            BoundaryKey::RuntimeConfig { instance_name } => {
                write!(f, "runtime-config:{instance_name}")
            }
            BoundaryKey::RuntimeConfigVariable { variable } => {
                write!(f, "runtime-config {variable}")
            }
            BoundaryKey::UnitInvocation {
                deployment_target,
                instance_name,
            } => write!(f, "unit:{deployment_target} {instance_name}"),
            BoundaryKey::Io { target } => write!(f, "io:{target}"),
            BoundaryKey::Other(text) => f.write_str(text),
        }
    }
}
