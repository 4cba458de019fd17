//! Storage pairing: the accesses code makes (`storage-access` interaction effects) against the
//! storage providers a schema declares (a Prisma model with `metadata.storageContract`).
//!
//! An access meets a provider on (storageSystem, scope, container, accessPath), as suss pairs
//! storage: a side that does not know its storage system meets any, scopes and access paths
//! must agree, and the container is the table the provider declares, or the model it was read
//! from (`metadata.prisma.model`; code names a model by its client accessor, the model name
//! with a lower-case first letter, so `prisma.orderItem` reaches `OrderItem`). An access with
//! no container (raw SQL) meets nothing.
//!
//! Each met provider is then checked field by field ([`crate::findings::boundary_field_unknown`],
//! [`crate::findings::boundary_field_unused`]).

use std::collections::{BTreeMap, BTreeSet};

use seam_ir::summary::{
    BehavioralSummary, Effect, Interaction, Semantics, StorageAccess, StorageSemantics,
};

/// A storage provider: one model or table a schema declares.
#[derive(Debug, Clone)]
pub struct StoreProvider {
    pub summary: usize,
    pub system: Option<String>,
    pub scope: String,
    pub container: String,
    pub access_path: Option<String>,
    /// The model the schema names (`User`), when it is not the table name.
    pub model: Option<String>,
    /// Every field the provider declares, with whether it is stored (not a relation or a
    /// computed `_count`).
    pub fields: Vec<(String, bool)>,
    /// Columns the store fills in by itself (`storeWritten`: a timestamp the client updates,
    /// a generated id): written on every insert, so never unused.
    pub store_written: Vec<String>,
    /// The schema declares every field there is (`fieldSet: exhaustive`).
    pub exhaustive: bool,
    /// Relation fields with the model each leads to (`subscriptions` → `Subscription`): a read
    /// that includes one reads that model's rows whole.
    pub relations: Vec<(String, String)>,
    /// Names the client picks one row by besides the fields: compound ids and uniques.
    pub compound_selectors: Vec<String>,
}

/// One access found in a summary's transitions.
#[derive(Debug, Clone)]
pub struct StoreAccessSite {
    pub summary: usize,
    pub transition: String,
    pub binding: StorageSemantics,
    pub access: StorageAccess,
}

/// What the storage pass paired.
#[derive(Debug, Clone, Default)]
pub struct StoragePairing {
    pub providers: Vec<StoreProvider>,
    pub accesses: Vec<StoreAccessSite>,
    /// Provider index → the accesses that met it, in summary order.
    pub met: BTreeMap<usize, Vec<usize>>,
    /// Summaries that took part in a pair (providers met, summaries whose access met one).
    pub paired_summaries: BTreeSet<usize>,
}

fn provider_of(index: usize, summary: &BehavioralSummary) -> Option<StoreProvider> {
    let binding = summary.identity.boundary_binding.as_ref()?;
    let Semantics::Storage(s) = &binding.semantics else {
        return None;
    };
    let metadata = summary.metadata.as_ref()?;
    let contract = metadata.get("storageContract")?;
    let fields = contract
        .get("fields")?
        .as_array()?
        .iter()
        .filter_map(|f| {
            let name = f.get("name")?.as_str()?.to_owned();
            let derived = f.get("derived").and_then(|d| d.as_bool()).unwrap_or(false);
            Some((name, !derived))
        })
        .collect();
    // A compound id or unique index: the generated client selects by it under its name, or
    // its fields joined by `_` (Prisma's `teamID_userUid`).
    let compound_selectors = contract
        .get("indexes")
        .and_then(|i| i.as_array())
        .into_iter()
        .flatten()
        .filter(|i| i.get("unique").and_then(|u| u.as_bool()) == Some(true))
        .filter_map(|i| {
            if let Some(name) = i.get("name").and_then(|n| n.as_str()) {
                return Some(name.to_owned());
            }
            let fields: Vec<&str> = i
                .get("fields")?
                .as_array()?
                .iter()
                .filter_map(|f| f.as_str())
                .collect();
            (fields.len() > 1).then(|| fields.join("_"))
        })
        .collect();
    let store_written = contract
        .get("fields")?
        .as_array()?
        .iter()
        .filter(|f| f.get("storeWritten").and_then(|w| w.as_bool()) == Some(true))
        .filter_map(|f| Some(f.get("name")?.as_str()?.to_owned()))
        .collect();
    let relations = contract
        .get("fields")?
        .as_array()?
        .iter()
        .filter(|f| f.get("derived").and_then(|d| d.as_bool()) == Some(true))
        .filter_map(|f| {
            let name = f.get("name")?.as_str()?;
            let model = f
                .get("type")?
                .as_str()?
                .trim_end_matches("[]")
                .trim_end_matches('?');
            Some((name.to_owned(), model.to_owned()))
        })
        .collect();
    Some(StoreProvider {
        summary: index,
        relations,
        store_written,
        compound_selectors,
        system: s.storage_system.clone(),
        scope: s.scope.clone(),
        container: s.container.clone()?,
        access_path: s.access_path.clone(),
        model: metadata
            .get("prisma")
            .and_then(|p| p.get("model"))
            .and_then(|m| m.as_str())
            .map(str::to_owned),
        fields,
        exhaustive: contract.get("fieldSet").and_then(|f| f.as_str()) == Some("exhaustive"),
    })
}

/// `OrderItem` → `orderItem`: how a generated client names a model's accessor.
fn accessor_name(model: &str) -> String {
    let mut chars = model.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl StoreProvider {
    fn meets(&self, access: &StorageSemantics) -> bool {
        let Some(container) = access.container.as_deref() else {
            return false;
        };
        let systems_agree = match (&self.system, &access.storage_system) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        let names_container = container == self.container
            || self
                .model
                .as_deref()
                .is_some_and(|m| m == container || accessor_name(m) == container);
        systems_agree
            && names_container
            && self.scope == access.scope
            && self.access_path == access.access_path
    }

    /// Whether the provider declares `field` (by its model name).
    pub fn declares(&self, field: &str) -> bool {
        self.fields.iter().any(|(name, _)| name == field)
    }

    /// Whether rows can be picked by `key`: a declared field or a compound unique selector.
    pub fn selects_by(&self, key: &str) -> bool {
        self.declares(key) || self.compound_selectors.iter().any(|c| c == key)
    }
}

/// Every provider, every access, and which met which.
pub fn pair_storage(
    summaries: &[BehavioralSummary],
    projects: Option<&seam_lang::project::membership::Projects>,
) -> StoragePairing {
    let mut out = StoragePairing::default();
    for (index, summary) in summaries.iter().enumerate() {
        if let Some(p) = provider_of(index, summary) {
            out.providers.push(p);
        }
        for t in &summary.transitions {
            for effect in &t.effects {
                let Effect::Interaction(e) = &**effect else {
                    continue;
                };
                let (Semantics::Storage(binding), Interaction::StorageAccess(access)) =
                    (&e.binding.semantics, &e.interaction)
                else {
                    continue;
                };
                out.accesses.push(StoreAccessSite {
                    summary: index,
                    transition: t.id.clone(),
                    binding: binding.clone(),
                    access: access.clone(),
                });
            }
        }
    }
    for (a, site) in out.accesses.iter().enumerate() {
        // The schema of the access's own project (see `projects`), then the most specific
        // provider: one naming the table itself before one reached by model.
        let file = &summaries[site.summary].location.file;
        let met = out
            .providers
            .iter()
            .enumerate()
            .filter(|(_, p)| p.meets(&site.binding))
            // Never a schema of a project the access's own cannot reach.
            .filter(|(_, p)| {
                projects.is_none_or(|projects| {
                    projects.reaches(file, &summaries[p.summary].location.file)
                })
            })
            .min_by_key(|(_, p)| {
                (
                    std::cmp::Reverse(crate::projects::schema_nearness(
                        &summaries[p.summary].location.file,
                        file,
                    )),
                    site.binding.container.as_deref() != Some(p.container.as_str()),
                    p.summary,
                )
            })
            .map(|(i, _)| i);
        if let Some(p) = met {
            out.met.entry(p).or_default().push(a);
            out.paired_summaries.insert(site.summary);
            out.paired_summaries.insert(out.providers[p].summary);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provider(system: Option<&str>, container: &str, model: Option<&str>) -> StoreProvider {
        StoreProvider {
            summary: 0,
            system: system.map(str::to_owned),
            scope: "default".to_owned(),
            container: container.to_owned(),
            access_path: None,
            model: model.map(str::to_owned),
            fields: vec![("id".to_owned(), true), ("posts".to_owned(), false)],
            store_written: Vec::new(),
            exhaustive: true,
            compound_selectors: Vec::new(),
            relations: vec![("posts".to_owned(), "Post".to_owned())],
        }
    }

    #[test]
    fn rows_are_picked_by_fields_and_compound_uniques() {
        let summary: BehavioralSummary = serde_json::from_value(serde_json::json!({
            "schemaVersion": 7, "kind": "schema",
            "location": {"file": "prisma/schema.prisma", "range": {"start": 1, "end": 9}, "exportName": null},
            "identity": {"name": "Member", "exportPath": null, "boundaryBinding": {"transport": "storage",
                "semantics": {"name": "storage", "storageSystem": "postgresql", "scope": "default",
                              "container": "Member", "accessPath": null}, "recognition": "prisma"}},
            "inputs": [], "transitions": [], "gaps": [],
            "confidence": {"source": "derived", "level": "high"},
            "metadata": {"storageContract": {
                "fields": [{"name": "teamID"}, {"name": "userUid"}, {"name": "provider"}, {"name": "key"}],
                "fieldSet": "exhaustive",
                "indexes": [
                    {"fields": ["teamID", "userUid"], "unique": true},
                    {"fields": ["provider", "key"], "unique": true, "name": "verifyProviderAccount"},
                    {"fields": ["teamID", "provider"], "unique": false}
                ]}}
        }))
        .expect("a v7 summary");
        let p = provider_of(0, &summary).expect("a store provider");
        assert!(p.selects_by("teamID"));
        assert!(p.selects_by("teamID_userUid"));
        assert!(p.selects_by("verifyProviderAccount"));
        assert!(
            !p.selects_by("provider_key"),
            "a named unique is selected by its name"
        );
        assert!(
            !p.selects_by("teamID_provider"),
            "a plain index is no selector"
        );
        assert!(
            !p.declares("teamID_userUid"),
            "nor is a compound a field to read or write"
        );
    }

    fn access(system: Option<&str>, container: Option<&str>) -> StorageSemantics {
        StorageSemantics {
            storage_system: system.map(str::to_owned),
            scope: "default".to_owned(),
            container: container.map(str::to_owned),
            access_path: None,
        }
    }

    #[test]
    fn code_names_a_model_by_its_accessor_or_its_table() {
        assert_eq!(accessor_name("OrderItem"), "orderItem");
        assert_eq!(accessor_name("user"), "user");
        let p = provider(Some("postgresql"), "order_items", Some("OrderItem"));
        assert!(p.meets(&access(None, Some("orderItem"))));
        assert!(p.meets(&access(None, Some("OrderItem"))));
        assert!(p.meets(&access(None, Some("order_items"))));
        assert!(!p.meets(&access(None, Some("orderItems"))));
    }

    #[test]
    fn systems_must_agree_when_both_sides_know_theirs() {
        let p = provider(Some("postgresql"), "users", Some("User"));
        assert!(p.meets(&access(Some("postgresql"), Some("user"))));
        assert!(!p.meets(&access(Some("mysql"), Some("user"))));
        assert!(provider(None, "users", None).meets(&access(Some("mysql"), Some("users"))));
    }

    #[test]
    fn raw_sql_meets_nothing() {
        assert!(!provider(None, "users", Some("User")).meets(&access(None, None)));
    }

    #[test]
    fn relation_fields_are_declared_but_not_stored() {
        let p = provider(None, "users", Some("User"));
        assert!(p.declares("posts"));
        assert!(!p.declares("post"));
    }
}
