//! The OpenTelemetry projection of a boundary binding (work in progress).
