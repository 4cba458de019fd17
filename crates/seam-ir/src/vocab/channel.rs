//! Message-bus channels: a subject, optionally qualified by the bus that carries it, written
//! `bus#subject`.
//!
//! The two sides of a boundary rarely know the same amount. A deployment template knows the bus
//! and the subject (`default#order.placed`); code usually knows only the subject
//! (`order.placed`), because which bus reaches a handler is deployment configuration. So two
//! channels pair when their subjects are equal and their buses agree, and buses agree when they
//! are equal or when either side does not know its bus. Comparison is case-sensitive.
//!
//! The boundary key (`bus:<messageBus> <subject>`) carries only the subject, so both written
//! forms land in one bucket and [`channels_pair`] compares the buses inside it.
//!
//! [`Channel::parse`] splits on the first `#`; later `#`s stay in the subject. For every string
//! `s`, `Channel::parse(s).to_string() == s` (a leading `#` is an empty bus name, kept as such).
//! The one value that cannot be spelled is a bus-less channel whose subject contains `#`.

use std::fmt;

/// A channel split into the bus that carries it and the subject on that bus.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Channel {
    /// The bus, when the side knows it (`default` in `default#order.placed`).
    pub bus: Option<String>,
    /// The subject on that bus (`order.placed`).
    pub subject: String,
}

impl Channel {
    /// Reads a channel string, splitting on its first `#`.
    pub fn parse(channel: &str) -> Channel {
        match channel.split_once('#') {
            Some((bus, subject)) => Channel {
                bus: Some(bus.to_string()),
                subject: subject.to_string(),
            },
            None => Channel {
                bus: None,
                subject: channel.to_string(),
            },
        }
    }

    /// A channel on a known bus, or a bare subject when `bus` is `None`.
    pub fn new(bus: Option<&str>, subject: &str) -> Channel {
        Channel {
            bus: bus.map(str::to_string),
            subject: subject.to_string(),
        }
    }

    /// Whether this channel and `other` name the same subject on agreeing buses.
    pub fn pairs_with(&self, other: &Channel) -> bool {
        self.subject == other.subject && buses_agree(self.bus.as_deref(), other.bus.as_deref())
    }
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(bus) = &self.bus {
            f.write_str(bus)?;
            f.write_str("#")?;
        }
        f.write_str(&self.subject)
    }
}

/// Two buses agree when they are the same, or when either side does not know its bus.
pub fn buses_agree(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}

/// Whether two channel strings pair: equal subjects on agreeing buses.
pub fn channels_pair(a: &str, b: &str) -> bool {
    Channel::parse(a).pairs_with(&Channel::parse(b))
}

/// The part of a channel the boundary key carries: its subject.
pub fn channel_key_subject(channel: &str) -> String {
    Channel::parse(channel).subject
}
