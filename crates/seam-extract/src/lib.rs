//! The path-enumeration engine: code units to behavioural summaries.
