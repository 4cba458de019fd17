//! What sort of code unit a summary describes.

use super::tagged::string_enum;

string_enum! {
    /// The fifteen code-unit kinds. A kind from a newer producer is kept as `Other`.
    pub enum CodeUnitKind {
        other = Other;
        "handler" => Handler,
        "loader" => Loader,
        "action" => Action,
        "component" => Component,
        "hook" => Hook,
        "middleware" => Middleware,
        "resolver" => Resolver,
        "consumer" => Consumer,
        "client" => Client,
        "worker" => Worker,
        /// Provider side of an in-process package-export boundary.
        "library" => Library,
        /// Consumer side of an in-process package-export boundary.
        "caller" => Caller,
        /// What a file does when it is first imported; always a consumer.
        "module-init" => ModuleInit,
        /// A function handed to `setTimeout`, `nextTick` or a library hook.
        "scheduled-callback" => ScheduledCallback,
        /// One test case, named `suite > … > title`; pairs with nothing.
        "test" => Test,
    }
}
