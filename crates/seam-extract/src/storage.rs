//! Store accesses: the calls a store pack (`kind: store`) recognises, each turned into a
//! `storage-access` interaction (read or write, the fields, the selector), and the functions
//! holding them, which become units of their own.
//!
//! A receiver is a client of the pack when its value is one of the pack's `clients` (a
//! creation here or in an imported file, or the module's own import), when it is a name or a
//! property the pack lists under `clientSources.members` (`this.prisma`, `ctx.db`, a `prisma`
//! imported from a module seam cannot follow, a `db` parameter), a `clientSources.containers` property of a
//! client (`prisma.client`), or the first parameter of a callback a `clientSources.callbacks`
//! call hands a client to (`tx` in `prisma.$transaction(async (tx) => …)`).
//!
//! Field lists come from object literals, followed through local names and imports: the keys
//! of a `fields` option are the fields read (a key whose value is literally `false` is not),
//! with no such option a read is of the whole row (`["*"]`); `alsoReads` keys are read besides
//! the whole row; `written` keys are written (an array of objects: the union of their keys);
//! `selector` keys pick the rows, combinator keys (`AND`, `OR`, `NOT`) holding nested ones.
//! A list that cannot be read (a spread, a value from a parameter) keeps the keys it could
//! read; written data that cannot be read in full adds `*` (any column may be written). An
//! access written through an opaque pattern has no container and no fields.

use std::collections::BTreeSet;

use seam_ir::summary::{
    BoundaryBinding, Interaction, ProvenanceSlot, Semantics, StorageAccess, StorageAccessKind,
    StorageSemantics,
};
use seam_lang::model::{
    ArrayElement, BindingKind, ExprId, ExprKind, FuncId, MemberProp, Model, ObjectProp,
};
use seam_packs::store::StoreAccess;
use seam_packs::{Capture, Captures, Pack, PatternNode, ValueRead, match_expr};

use crate::files::{Files, MAX_HOPS, enclosing_function};

/// The storage scope when the code does not say which database.
const DEFAULT_SCOPE: &str = "default";

/// A recognised store access.
#[derive(Debug, Clone)]
pub struct StorageSite {
    pub file: usize,
    /// The call (or tagged template) that accesses the store.
    pub call: ExprId,
    /// The innermost function holding it, when it is inside one.
    pub function: Option<FuncId>,
    pub binding: BoundaryBinding,
    /// What the call does: one access, or a write and the read of what it selects back.
    pub interactions: Vec<Interaction>,
    /// The value written to each column, or selected by, of the first interaction: what the
    /// transition's `provenance` is made from.
    pub slots: Vec<StoreSlot>,
}

/// One column of a store access and the expression giving its value (in the access's file).
#[derive(Debug, Clone, PartialEq)]
pub struct StoreSlot {
    pub slot: ProvenanceSlot,
    pub name: String,
    /// The value, when it is written in the file of the call.
    pub value: Option<ExprId>,
}

/// Every access of `pack` in the files it runs on, in file and source order.
pub fn storage_sites(files: &Files, pack: &Pack, on: &BTreeSet<usize>) -> Vec<StorageSite> {
    let mut out = Vec::new();
    for &file in on {
        let model = files.model(file);
        let callbacks = client_callbacks(files, pack, file);
        let scan = Scan {
            files,
            pack,
            file,
            callbacks: &callbacks,
        };
        for (i, expr) in model.exprs.iter().enumerate() {
            let id = ExprId::from_index(i);
            let access = match &expr.kind {
                ExprKind::Call { callee, .. } => scan.call_access(id, *callee),
                ExprKind::Template(t) => t.tag.and_then(|tag| scan.opaque_access(tag)),
                _ => None,
            };
            if let Some(interactions) = access {
                let container = scan.container_of(id);
                let slots = scan.slots_of(id);
                out.push(StorageSite {
                    file,
                    call: id,
                    function: enclosing_function(model, expr.span),
                    binding: BoundaryBinding {
                        transport: pack.transport.clone(),
                        semantics: Semantics::Storage(StorageSemantics {
                            storage_system: None,
                            scope: DEFAULT_SCOPE.to_owned(),
                            container,
                            access_path: None,
                        }),
                        recognition: pack.recognition.clone(),
                    },
                    interactions,
                    slots,
                });
            }
        }
    }
    out
}

/// The functions a callback pattern hands a client to, in one file.
fn client_callbacks(files: &Files, pack: &Pack, file: usize) -> BTreeSet<FuncId> {
    let model = files.model(file);
    let mut out = BTreeSet::new();
    if pack.client_sources.callbacks.is_empty() {
        return out;
    }
    let scan = Scan {
        files,
        pack,
        file,
        callbacks: &BTreeSet::new(),
    };
    for (i, expr) in model.exprs.iter().enumerate() {
        if !matches!(expr.kind, ExprKind::Call { .. }) {
            continue;
        }
        let id = ExprId::from_index(i);
        for cb in &pack.client_sources.callbacks {
            let mut caps = Captures::new();
            if !match_expr(model, &cb.pattern, id, &mut caps) {
                continue;
            }
            let (Some(client), Some(callback)) = (
                caps.get(&cb.client).and_then(Capture::expr),
                caps.get(&cb.callback).and_then(Capture::expr),
            ) else {
                continue;
            };
            if !scan.is_client(client, MAX_HOPS) {
                continue;
            }
            if let ExprKind::Function { function } = &model.expr(callback).kind {
                out.insert(*function);
            }
        }
    }
    out
}

struct Scan<'a> {
    files: &'a Files<'a>,
    pack: &'a Pack,
    file: usize,
    callbacks: &'a BTreeSet<FuncId>,
}

impl Scan<'_> {
    fn model(&self) -> &Model {
        self.files.model(self.file)
    }

    /// The access a call makes, by the first access pattern that matches it.
    fn call_access(&self, call: ExprId, callee: ExprId) -> Option<Vec<Interaction>> {
        let model = self.model();
        for access in &self.pack.accesses {
            let mut caps = Captures::new();
            let target = if access.opaque { callee } else { call };
            if !match_expr(model, &access.pattern, target, &mut caps) || !self.holds(access, &caps)
            {
                continue;
            }
            if access.opaque {
                return Some(vec![opaque_interaction()]);
            }
            return self.interaction(access, &caps);
        }
        None
    }

    /// A tagged template whose tag is an opaque access (`` prisma.$queryRaw`…` ``).
    fn opaque_access(&self, tag: ExprId) -> Option<Vec<Interaction>> {
        let model = self.model();
        self.pack
            .accesses
            .iter()
            .filter(|a| a.opaque)
            .any(|a| {
                let mut caps = Captures::new();
                match_expr(model, &a.pattern, tag, &mut caps) && self.holds(a, &caps)
            })
            .then(|| vec![opaque_interaction()])
    }

    /// The container a recognised call names (the metavariable of its access pattern).
    fn container_of(&self, call: ExprId) -> Option<String> {
        let model = self.model();
        for access in self.pack.accesses.iter().filter(|a| !a.opaque) {
            let mut caps = Captures::new();
            if match_expr(model, &access.pattern, call, &mut caps) && self.holds(access, &caps) {
                return access
                    .container
                    .as_ref()
                    .and_then(|c| name_capture(&caps, c));
            }
        }
        None
    }

    /// The columns a recognised call writes or selects by, with the expressions giving their
    /// values (the keys of its `written` and `selector` objects).
    fn slots_of(&self, call: ExprId) -> Vec<StoreSlot> {
        let model = self.model();
        let mut out = Vec::new();
        for access in self.pack.accesses.iter().filter(|a| !a.opaque) {
            let mut caps = Captures::new();
            if !match_expr(model, &access.pattern, call, &mut caps) || !self.holds(access, &caps) {
                continue;
            }
            let op = access
                .operation
                .as_ref()
                .and_then(|o| name_capture(&caps, o))
                .unwrap_or_default();
            if access.writes.contains(&op) {
                for (f, obj) in self.option_objects(&access.written, &caps) {
                    self.slot_values(f, obj, ProvenanceSlot::Field, &[], MAX_HOPS, &mut out);
                }
            }
            for (f, obj) in self.option_objects(&access.selector, &caps) {
                self.slot_values(
                    f,
                    obj,
                    ProvenanceSlot::Selector,
                    &access.selector_combinators,
                    MAX_HOPS,
                    &mut out,
                );
            }
            break;
        }
        out
    }

    /// The keys of an object literal with their values (through combinator keys).
    fn slot_values(
        &self,
        file: usize,
        expr: ExprId,
        slot: ProvenanceSlot,
        combinators: &[String],
        hops: usize,
        out: &mut Vec<StoreSlot>,
    ) {
        if hops == 0 {
            return;
        }
        let ExprKind::Object { props } = &self.files.model(file).expr(expr).kind else {
            return;
        };
        for p in props {
            let ObjectProp::KeyValue { key, value, .. } = p else {
                continue;
            };
            let Some(name) = key.as_str() else { continue };
            if combinators.iter().any(|c| c == name) {
                let (f, v) = self.resolve(file, *value, MAX_HOPS);
                self.slot_values(f, v, slot.clone(), combinators, hops - 1, out);
                continue;
            }
            if out.iter().any(|s| s.slot == slot && s.name == name) {
                continue;
            }
            out.push(StoreSlot {
                slot: slot.clone(),
                name: name.to_owned(),
                value: (file == self.file).then_some(*value),
            });
        }
    }

    fn holds(&self, access: &StoreAccess, caps: &Captures) -> bool {
        access.constraints.iter().all(|(name, c)| {
            let Some(cap) = caps.get(name) else {
                return false;
            };
            if !c.one_of.is_empty() {
                let Capture::Name(n, _) = cap else {
                    return false;
                };
                if !c.one_of.iter().any(|x| x == n) {
                    return false;
                }
            }
            !c.client || cap.expr().is_some_and(|e| self.is_client(e, MAX_HOPS))
        })
    }

    fn interaction(&self, access: &StoreAccess, caps: &Captures) -> Option<Vec<Interaction>> {
        let operation = access
            .operation
            .as_ref()
            .and_then(|o| name_capture(caps, o));
        let op = operation.as_deref().unwrap_or("");
        let kind = if access.writes.iter().any(|w| w == op) {
            StorageAccessKind::Write
        } else if access.reads.iter().any(|r| r == op) || access.reads.is_empty() {
            StorageAccessKind::Read
        } else {
            return None;
        };
        let fields = match kind {
            StorageAccessKind::Read => {
                let chosen = self.option_objects(&access.fields, caps);
                let mut fields = if chosen.is_empty() {
                    if access.whole_row {
                        vec!["*".to_owned()]
                    } else {
                        Vec::new()
                    }
                } else {
                    let mut keys = Vec::new();
                    for (f, obj) in &chosen {
                        self.keys_of(*f, *obj, true, &mut keys);
                    }
                    keys
                };
                for (f, obj) in self.option_objects(&access.also_reads, caps) {
                    self.keys_of(f, obj, true, &mut fields);
                }
                fields
            }
            StorageAccessKind::Write => {
                let mut keys = Vec::new();
                let mut unread = false;
                for (f, obj) in self.option_objects(&access.written, caps) {
                    unread |= !self.keys_of(f, obj, false, &mut keys);
                }
                // Data seam could not read in full (built elsewhere, spread in from a value it
                // cannot follow): it may write any column, which `*` says.
                if unread {
                    keys.push("*".to_owned());
                }
                keys
            }
        };
        let mut selector = Vec::new();
        for (f, obj) in self.option_objects(&access.selector, caps) {
            self.selector_keys(
                f,
                obj,
                &access.selector_combinators,
                MAX_HOPS,
                &mut selector,
            );
        }
        let selector = (!selector.is_empty()).then_some(selector);
        let mut out = Vec::new();
        if kind == StorageAccessKind::Write {
            // A write that selects reads those fields of the written row back.
            let mut read_back = Vec::new();
            for (f, obj) in self.option_objects(&access.fields, caps) {
                self.keys_of(f, obj, true, &mut read_back);
            }
            if !read_back.is_empty() {
                out.push(storage_access(
                    StorageAccessKind::Read,
                    read_back,
                    operation.clone(),
                    selector.clone(),
                ));
            }
        }
        out.insert(0, storage_access(kind, fields, operation, selector));
        Some(out)
    }

    /// The values of `{ option: $ARGS, key: K }` reads that are there, resolved to what they hold.
    fn option_objects(&self, reads: &[ValueRead], caps: &Captures) -> Vec<(usize, ExprId)> {
        let mut out = Vec::new();
        for read in reads {
            let ValueRead::Option { meta, key, .. } = read else {
                continue;
            };
            let Some(args) = caps.get(meta).and_then(Capture::expr) else {
                continue;
            };
            let Some((f, obj)) = self.object(self.file, args, MAX_HOPS) else {
                continue;
            };
            if let Some((vf, value)) = self.key_value(f, obj, key) {
                out.push(self.resolve(vf, value, MAX_HOPS));
            }
        }
        out
    }

    /// The value of `key` in an object literal (a shorthand resolves through its name).
    fn key_value(&self, file: usize, obj: ExprId, key: &str) -> Option<(usize, ExprId)> {
        let ExprKind::Object { props } = &self.files.model(file).expr(obj).kind else {
            return None;
        };
        props.iter().find_map(|p| match p {
            ObjectProp::KeyValue { key: k, value, .. } if k.as_str() == Some(key) => {
                Some((file, *value))
            }
            _ => None,
        })
    }

    /// Follows names (locals, imports) to the expression they hold.
    fn resolve(&self, file: usize, expr: ExprId, hops: usize) -> (usize, ExprId) {
        if hops == 0 {
            return (file, expr);
        }
        let model = self.files.model(file);
        if matches!(model.expr(expr).kind, ExprKind::Ident { .. })
            && let Some(def) = self.files.definition(file, expr)
            && let Some((vf, ve)) = self.files.value_of(def)
            && (vf, ve) != (file, expr)
        {
            return self.resolve(vf, ve, hops - 1);
        }
        (file, expr)
    }

    /// The object literal an expression holds, through names.
    fn object(&self, file: usize, expr: ExprId, hops: usize) -> Option<(usize, ExprId)> {
        let (f, e) = self.resolve(file, expr, hops);
        matches!(self.files.model(f).expr(e).kind, ExprKind::Object { .. }).then_some((f, e))
    }

    /// The static keys of an object literal (each element's, for an array of them). With
    /// `skip_false`, a key whose value is literally `false` is not counted (`select`). True
    /// when every key the value can hold was read: an object literal whose spreads all lead to
    /// object literals, or an array of such objects.
    fn keys_of(&self, file: usize, expr: ExprId, skip_false: bool, out: &mut Vec<String>) -> bool {
        self.keys_of_hops(file, expr, skip_false, MAX_HOPS, out)
    }

    fn keys_of_hops(
        &self,
        file: usize,
        expr: ExprId,
        skip_false: bool,
        hops: usize,
        out: &mut Vec<String>,
    ) -> bool {
        let Some(hops) = hops.checked_sub(1) else {
            return false;
        };
        let model = self.files.model(file);
        match &model.expr(expr).kind {
            ExprKind::Object { props } => {
                let mut all = true;
                for p in props {
                    // `...defaults()` / `...base`: the keys of the object spread in, when the
                    // spread value is an object literal, through names or a project function
                    // that returns one.
                    if let ObjectProp::Spread { value } = p {
                        all &= match self.spread_object(file, *value) {
                            Some((f, obj)) => self.keys_of_hops(f, obj, skip_false, hops, out),
                            None => false,
                        };
                        continue;
                    }
                    let ObjectProp::KeyValue { key, value, .. } = p else {
                        continue;
                    };
                    let Some(name) = key.as_str() else { continue };
                    if skip_false && is_false(model, *value) {
                        continue;
                    }
                    if !out.iter().any(|k| k == name) {
                        out.push(name.to_owned());
                    }
                }
                all
            }
            ExprKind::Array { elements, .. } => {
                let mut all = true;
                for e in elements {
                    all &= match e {
                        ArrayElement::Expr(item) => match self.object(file, *item, MAX_HOPS) {
                            Some((f, obj)) => self.keys_of(f, obj, skip_false, out),
                            None => false,
                        },
                        _ => false,
                    };
                }
                all
            }
            _ => false,
        }
    }

    /// The object literal a spread value holds: through names, or the one object a called
    /// project function returns.
    fn spread_object(&self, file: usize, value: ExprId) -> Option<(usize, ExprId)> {
        if let Some(found) = self.object(file, value, MAX_HOPS) {
            return Some(found);
        }
        let (f, e) = self.resolve(file, value, MAX_HOPS);
        let mut call = e;
        while let ExprKind::Await { arg } = &self.files.model(f).expr(call).kind {
            call = *arg;
        }
        let ExprKind::Call { callee, .. } = &self.files.model(f).expr(call).kind else {
            return None;
        };
        let (ff, func) = self.files.function_of(f, *callee)?;
        let [returned] = self.files.returned_values(ff, func)[..] else {
            return None;
        };
        self.object(ff, returned, MAX_HOPS)
    }

    /// The keys a selector picks rows by, through `AND`/`OR`/`NOT`-style combinators.
    fn selector_keys(
        &self,
        file: usize,
        expr: ExprId,
        combinators: &[String],
        hops: usize,
        out: &mut Vec<String>,
    ) {
        if hops == 0 {
            return;
        }
        let model = self.files.model(file);
        match &model.expr(expr).kind {
            ExprKind::Object { props } => {
                for p in props {
                    let ObjectProp::KeyValue { key, value, .. } = p else {
                        continue;
                    };
                    let Some(name) = key.as_str() else { continue };
                    if combinators.iter().any(|c| c == name) {
                        let (f, v) = self.resolve(file, *value, MAX_HOPS);
                        self.selector_keys(f, v, combinators, hops - 1, out);
                    } else if !out.iter().any(|k| k == name) {
                        out.push(name.to_owned());
                    }
                }
            }
            ExprKind::Array { elements, .. } => {
                for e in elements {
                    if let ArrayElement::Expr(item) = e {
                        let (f, v) = self.resolve(file, *item, MAX_HOPS);
                        self.selector_keys(f, v, combinators, hops - 1, out);
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether `expr` in this scan's file holds a client of the pack.
    fn is_client(&self, expr: ExprId, hops: usize) -> bool {
        self.is_client_in(self.file, expr, hops)
    }

    fn is_client_in(&self, file: usize, expr: ExprId, hops: usize) -> bool {
        if hops == 0 {
            return false;
        }
        let model = self.files.model(file);
        let sources = &self.pack.client_sources;
        match &model.expr(expr).kind {
            ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } => {
                if sources.members.iter().any(|m| m == name) {
                    return true;
                }
                if sources.containers.iter().any(|c| c == name)
                    && (self.is_client_in(file, *object, hops - 1)
                        || matches!(&model.expr(*object).kind, ExprKind::Ident { name: n, .. } if sources.members.iter().any(|m| m == n)))
                {
                    return true;
                }
                self.creates_client(file, expr, hops) || self.typed_client(file, expr)
            }
            ExprKind::Ident { name, binding } => {
                if let Some(b) = binding {
                    let binding = model.binding(*b);
                    if let BindingKind::Param { function, index: 0 } = binding.kind
                        && file == self.file
                        && self.callbacks.contains(&function)
                    {
                        return true;
                    }
                    if let BindingKind::Import { import, .. } = &binding.kind
                        && let Some(imp) = model.imports.get(*import as usize)
                        && self
                            .pack
                            .clients
                            .iter()
                            .any(|c| c.import.as_deref() == Some(imp.specifier.as_str()))
                    {
                        return true;
                    }
                }
                if self.creates_client(file, expr, hops) || self.typed_client(file, expr) {
                    return true;
                }
                // A conventional name seam could not follow (an import from an alias path), a
                // parameter (`function load(db: PrismaClient)`), or one a project factory
                // makes (`export const prisma = remember("prisma", () => new PrismaClient())`).
                sources.members.iter().any(|m| m == name)
                    && match self.files.definition(file, expr) {
                        None => true,
                        Some(def @ crate::files::Def::Binding(f, b)) => {
                            matches!(
                                self.files.model(f).binding(b).kind,
                                BindingKind::Param { .. }
                            ) || self.made_by_call(def)
                        }
                        Some(def @ crate::files::Def::Expr(..)) => self.made_by_call(def),
                        Some(_) => false,
                    }
            }
            // One kept across reloads (`globalForPrisma.prisma || new PrismaClient()`, `??`, or
            // a choice of two): a client when either side is one.
            ExprKind::Logical { left, right, .. } => {
                self.is_client_in(file, *left, hops - 1)
                    || self.is_client_in(file, *right, hops - 1)
            }
            ExprKind::Conditional {
                consequent,
                alternate,
                ..
            } => {
                self.is_client_in(file, *consequent, hops - 1)
                    || self.is_client_in(file, *alternate, hops - 1)
            }
            _ => self.matches_create(model, expr) || self.typed_client(file, expr),
        }
    }

    /// Whether `expr` holds a value of a client type the pack names (`type:` under `clients`):
    /// a field or parameter declared with it, an instance of a project class extending it (`class
    /// PrismaService extends PrismaClient`, injected as `private prismaService:
    /// PrismaService`), or what a method declared to return it gives (`txClient():
    /// Prisma.TransactionClient`).
    fn typed_client(&self, file: usize, expr: ExprId) -> bool {
        let mut types = self
            .pack
            .clients
            .iter()
            .filter_map(|c| c.type_name.as_deref())
            .peekable();
        if types.peek().is_none() {
            return false;
        }
        let named = |text: &str| types.clone().any(|t| t == bare_type(text));
        let model = self.files.model(file);
        if let ExprKind::Call {
            callee,
            is_new: false,
            ..
        } = &model.expr(expr).kind
        {
            return self
                .files
                .function_of(file, *callee)
                .and_then(|(f, func)| self.files.model(f).function(func).return_type.as_ref())
                .is_some_and(|t| named(&t.text));
        }
        if crate::classes::declared_field(self.files, file, expr)
            .and_then(|field| field.type_annotation)
            .is_some_and(|t| named(&t.text))
        {
            return true;
        }
        // A parameter declared with the type (`tx: Prisma.TransactionClient`).
        if let ExprKind::Ident {
            binding: Some(b), ..
        } = &model.expr(expr).kind
            && let binding = model.binding(*b)
            && let BindingKind::Param { function, index } = binding.kind
            && binding.origin.path.is_empty()
            && model
                .function(function)
                .params
                .get(index as usize)
                .and_then(|p| p.type_annotation.as_ref())
                .is_some_and(|t| named(&t.text))
        {
            return true;
        }
        crate::classes::class_of_receiver(self.files, file, expr).is_some_and(|class| {
            crate::classes::lineage(self.files, class).any(|(cf, c)| {
                let cmodel = self.files.model(cf);
                cmodel
                    .class(c)
                    .extends
                    .first()
                    .is_some_and(|&base| named(cmodel.expr_text(base)))
            })
        })
    }

    /// Whether the value `expr` refers to is a client creation, or a name holding another
    /// client source (`const db = ctx.prisma`).
    fn creates_client(&self, file: usize, expr: ExprId, hops: usize) -> bool {
        let (f, e) = self.resolve(file, expr, hops);
        if self.matches_create(self.files.model(f), e) {
            return true;
        }
        (f, e) != (file, expr) && self.is_client_in(f, e, hops - 1)
    }

    /// Whether a definition's value is a call (a factory, a cache around one, an extension of
    /// a client): what it returns is not known, so a conventional client name keeps its meaning.
    fn made_by_call(&self, def: crate::files::Def) -> bool {
        self.files.value_of(def).is_some_and(|(f, e)| {
            let mut e = e;
            while let ExprKind::Await { arg } = &self.files.model(f).expr(e).kind {
                e = *arg;
            }
            matches!(self.files.model(f).expr(e).kind, ExprKind::Call { .. })
        })
    }

    fn matches_create(&self, model: &Model, expr: ExprId) -> bool {
        self.pack.clients.iter().any(|c| {
            c.create.as_ref().is_some_and(|p: &PatternNode| {
                let mut caps = Captures::new();
                match_expr(model, p, expr, &mut caps)
            })
        })
    }
}

/// A type as written without its type arguments (`Prisma.TransactionClient` of
/// `Prisma.TransactionClient<…>`).
fn bare_type(text: &str) -> &str {
    text.split('<').next().unwrap_or(text).trim()
}

fn name_capture(caps: &Captures, meta: &str) -> Option<String> {
    match caps.get(meta)? {
        Capture::Name(n, _) => Some(n.clone()),
        _ => None,
    }
}

fn is_false(model: &Model, expr: ExprId) -> bool {
    matches!(
        model.expr(expr).kind,
        ExprKind::Literal {
            value: seam_lang::model::LiteralValue::Bool { value: false }
        }
    )
}

fn storage_access(
    kind: StorageAccessKind,
    fields: Vec<String>,
    operation: Option<String>,
    selector: Option<Vec<String>>,
) -> Interaction {
    Interaction::StorageAccess(StorageAccess {
        kind,
        fields,
        operation,
        selector,
        relation_path: None,
        relation_key: None,
        container_by_construction: None,
    })
}

/// An access seam cannot read into: raw SQL.
fn opaque_interaction() -> Interaction {
    Interaction::StorageAccess(StorageAccess {
        kind: StorageAccessKind::Read,
        fields: Vec::new(),
        operation: Some("raw".to_owned()),
        selector: None,
        relation_path: None,
        relation_key: None,
        container_by_construction: None,
    })
}
