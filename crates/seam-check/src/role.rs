//! Which side of a boundary each code-unit kind stands on (suss's `BOUNDARY_ROLE`).

use seam_ir::summary::CodeUnitKind;

/// The side a unit takes at its boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum BoundaryRole {
    Provider,
    Consumer,
}

/// The role of a kind; `None` for a kind that never pairs (`test`) or one this build does not
/// know.
pub fn boundary_role(kind: &CodeUnitKind) -> Option<BoundaryRole> {
    use BoundaryRole::{Consumer, Provider};
    match kind {
        CodeUnitKind::Handler
        | CodeUnitKind::Loader
        | CodeUnitKind::Action
        | CodeUnitKind::Middleware
        | CodeUnitKind::Resolver
        | CodeUnitKind::Worker
        | CodeUnitKind::Component
        | CodeUnitKind::Hook
        | CodeUnitKind::Library => Some(Provider),
        CodeUnitKind::Client
        | CodeUnitKind::Consumer
        | CodeUnitKind::Caller
        | CodeUnitKind::ModuleInit
        | CodeUnitKind::ScheduledCallback => Some(Consumer),
        CodeUnitKind::Test | CodeUnitKind::Other(_) => None,
    }
}
