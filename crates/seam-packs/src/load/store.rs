//! Compiling the store sections of a pack (see [`crate::store`]).

use super::{Compiler, PackError};
use crate::pack::{LanguageFamily, ValueRead};
use crate::pattern::PatternNode;
use crate::store::{AccessFile, ClientCallback, ClientSources, ClientSourcesFile, StoreAccess};

impl Compiler<'_> {
    pub(super) fn accesses(
        &self,
        raw: &[AccessFile],
        family: LanguageFamily,
    ) -> Result<Vec<StoreAccess>, PackError> {
        let mut out = Vec::new();
        for a in raw {
            let pattern = self.expression(&a.pattern, family)?;
            let meta = |field: &str, value: &Option<String>| -> Result<Option<String>, PackError> {
                value
                    .as_ref()
                    .map(|v| self.meta(field, v, &pattern, &a.pattern))
                    .transpose()
            };
            let values = |field: &str,
                          list: &[crate::format::ValueFile]|
             -> Result<Vec<ValueRead>, PackError> {
                list.iter()
                    .map(|v| self.value(field, v, &pattern, &a.pattern))
                    .collect()
            };
            if !a.opaque && a.container.is_none() {
                return Err(self.error(
                    &a.pattern,
                    "an access needs `container` (the metavariable naming the table or collection) unless it is `opaque: true`",
                ));
            }
            out.push(StoreAccess {
                constraints: self.constraints(&a.where_, &pattern, &a.pattern)?,
                container: meta("container", &a.container)?,
                operation: meta("operation", &a.operation)?,
                reads: a.reads.clone(),
                writes: a.writes.clone(),
                fields: values("fields", &a.fields)?,
                also_reads: values("alsoReads", &a.also_reads)?,
                written: values("written", &a.written)?,
                selector: values("selector", &a.selector)?,
                selector_combinators: a.selector_combinators.clone(),
                opaque: a.opaque,
                whole_row: a.whole_row.unwrap_or(true),
                pattern,
            });
        }
        Ok(out)
    }

    pub(super) fn client_sources(
        &self,
        raw: &ClientSourcesFile,
        family: LanguageFamily,
    ) -> Result<ClientSources, PackError> {
        let mut callbacks = Vec::new();
        for c in &raw.callbacks {
            let pattern: PatternNode = self.expression(&c.pattern, family)?;
            callbacks.push(ClientCallback {
                client: self.meta("client", &c.client, &pattern, &c.pattern)?,
                callback: self.meta("callback", &c.callback, &pattern, &c.pattern)?,
                pattern,
            });
        }
        Ok(ClientSources {
            members: raw.members.clone(),
            containers: raw.containers.clone(),
            callbacks,
        })
    }
}
