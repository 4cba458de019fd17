//! Requests that take one of several forms by a condition the code tests:
//! `'/articles' + (feed ? '/feed' : '')`, `version ? \`${base}/${slug}/${version}\` :
//! \`${base}/${slug}\``, `archived ? "DELETE" : "POST"`, or by a key looked up in an object of
//! literal values (`ENDPOINTS[kind]` with `ENDPOINTS = { users: "/users", teams: "/teams" }`).
//! Each form is a request the call can make, so a client call whose request holds such a
//! choice is one consumer per form.
//!
//! Client discovery reads each call once as usual, with every choice taking its first branch
//! (the `?` side, the first key), and notes the choices the reading met. A call that met some
//! is read again once per other combination of branches (up to [`MAX_CHOICES`] choices of up to
//! [`MAX_BRANCHES`] branches each, at most [`MAX_FORMS`] forms; the rest keep their first
//! branch; choices met in different files, as a wrapper's callers make them, vary side by
//! side rather than every way, see `other_forms`); the units a later form gives that an earlier one already gave are dropped.
//! The forms are a plan held by the thread doing the reading, so the value reader asks
//! [`choose`], [`choose_by_test`] or [`choose_among`] at a choice it cannot otherwise settle; outside client discovery no plan is
//! active and a choice stays what it was (a hole). Choices made by the same test in one function
//! are one choice ([`choose_by_test`]): `!link ? "/links" : \`/links/${id}\`` with `!link ?
//! "POST" : "PATCH"` is a POST of the one and a PATCH of the other, never the two crossed.

use std::cell::RefCell;
use std::collections::VecDeque;

use seam_ir::vocab::unnamed_params;
use seam_lang::model::{ExprId, ExprKind, FuncId, LiteralValue, Model, ObjectProp, UnaryOp};

use crate::discover::ClientUnit;
use crate::files::NamedCall;

/// A table's entries: each key (when a plain name) and value.
type TableEntries = Vec<(Option<String>, ExprId)>;

/// The most choices of one request read every way.
pub const MAX_CHOICES: usize = 3;
/// The most branches of one choice read (the keys of a lookup table past these are not).
pub const MAX_BRANCHES: usize = 8;
/// The most forms one request is read in.
pub const MAX_FORMS: usize = 16;

/// The plan of the form being read: which branch each choice takes.
struct Plan {
    /// The branch the `i`-th choice met (in reading order) takes; a choice past the end takes
    /// its first.
    branches: Vec<usize>,
    /// The choices met so far, in the order first met, with how many branches each has.
    met: Vec<(Choice, usize)>,
}

/// What a choice is known by: the expression that makes it, or the test it makes it by.
#[derive(Debug, Clone, PartialEq)]
enum Choice {
    At(usize, ExprId),
    /// A test's text (without the `!`s in front of it) in one function of a file.
    Test(usize, Option<FuncId>, String),
}

thread_local! {
    static PLAN: RefCell<Option<Plan>> = const { RefCell::new(None) };
}

/// The branch the choice at the expression `expr` of `file` (a conditional, or the test of an
/// `if`) takes in the form being read: `Some(true)` for its first branch, `Some(false)` for its
/// second, `None` when no form is being read (the caller keeps its own reading).
pub fn choose(file: usize, expr: ExprId) -> Option<bool> {
    choose_among(file, expr, 2).map(|branch| branch == 0)
}

/// The branch (of `count`, counted from 0) the choice at the expression `expr` of `file` takes
/// in the form being read; `None` when no form is being read.
pub fn choose_among(file: usize, expr: ExprId, count: usize) -> Option<usize> {
    choose_choice(Choice::At(file, expr), count)
}

/// The branch a choice made by the test `test` of `file` takes in the form being read:
/// `Some(true)` when the test holds. Every test with the same text in the same function (one
/// written `!x` and one `x` too) is the same choice, so the branches the two take agree.
pub fn choose_by_test(model: &Model, file: usize, test: ExprId) -> Option<bool> {
    let mut inner = test;
    let mut negated = false;
    while let ExprKind::Unary {
        op: UnaryOp::Not,
        arg,
    } = &model.expr(inner).kind
    {
        inner = *arg;
        negated = !negated;
    }
    let span = model.expr(inner).span;
    let function = crate::files::enclosing_function(model, span);
    let key = Choice::Test(file, function, model.text_collapsed(span));
    choose_choice(key, 2).map(|branch| (branch == 0) != negated)
}

fn choose_choice(key: Choice, count: usize) -> Option<usize> {
    PLAN.with(|plan| {
        let mut plan = plan.borrow_mut();
        let plan = plan.as_mut()?;
        let index = match plan.met.iter().position(|m| m.0 == key) {
            Some(i) => i,
            None => {
                plan.met.push((key, count));
                plan.met.len() - 1
            }
        };
        let branch = plan.branches.get(index).copied().unwrap_or(0);
        Some(branch.min(count.saturating_sub(1)))
    })
}

/// Runs `f` with no form being read: a value worked out once for every form (and kept) must
/// not depend on the branches of the form that first asked for it.
pub fn outside_forms<T>(f: impl FnOnce() -> T) -> T {
    let saved = PLAN.with(|plan| plan.borrow_mut().take());
    let out = f();
    PLAN.with(|plan| *plan.borrow_mut() = saved);
    out
}

/// The forms still to read after the first (all first branches), as the branch each choice
/// met takes. Choices made in one file are combined every way (the first choice's branches
/// varying fastest, up to [`MAX_CHOICES`] of them); choices of different files vary side by
/// side, the `n`-th form taking each file's `n`-th combination. A wrapper instantiated at
/// many callers (an app's one fetcher behind every `useSWR(key)`) meets each caller's choices
/// in the caller's file: every caller gets its own forms, where a product over all of them
/// would give the first few callers every form and the rest none.
fn other_forms(met: &[(Choice, usize)]) -> Vec<Vec<usize>> {
    let file_of = |c: &Choice| match c {
        Choice::At(file, _) | Choice::Test(file, ..) => *file,
    };
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, (choice, _)) in met.iter().enumerate() {
        let file = file_of(choice);
        match groups.iter_mut().find(|(f, _)| *f == file) {
            Some((_, members)) => members.push(i),
            None => groups.push((file, vec![i])),
        }
    }
    let combinations: Vec<(Vec<usize>, Vec<Vec<usize>>)> = groups
        .into_iter()
        .map(|(_, members)| {
            let members: Vec<usize> = members.into_iter().take(MAX_CHOICES).collect();
            let counts: Vec<usize> = members.iter().map(|&i| met[i].1).collect();
            (members, combinations_of(&counts))
        })
        .collect();
    let count = combinations.iter().map(|(_, c)| c.len()).max().unwrap_or(0);
    (0..count)
        .map(|n| {
            let mut form = vec![0; met.len()];
            for (members, combos) in &combinations {
                if let Some(combo) = combos.get(n) {
                    for (&i, &branch) in members.iter().zip(combo) {
                        form[i] = branch;
                    }
                }
            }
            form
        })
        .collect()
}

/// Every combination of branches of choices with these counts but the first (all first
/// branches), the first choice's branches varying fastest, fewer than [`MAX_FORMS`].
fn combinations_of(counts: &[usize]) -> Vec<Vec<usize>> {
    let counts: Vec<usize> = counts
        .iter()
        .map(|count| (*count).clamp(1, MAX_BRANCHES))
        .collect();
    let mut forms = Vec::new();
    let mut current = vec![0; counts.len()];
    while forms.len() + 1 < MAX_FORMS {
        // The next combination, as a number whose digits are the branches.
        let Some(digit) = (0..counts.len()).find(|&d| current[d] + 1 < counts[d]) else {
            break;
        };
        current[digit] += 1;
        for d in current.iter_mut().take(digit) {
            *d = 0;
        }
        forms.push(current.clone());
    }
    forms
}

/// The calls of a file, each handed out once per form of its request (see the module
/// comment). While a call is handed out its form's plan is active on this thread.
pub struct Forms<'a, I: Iterator<Item = NamedCall<'a>>> {
    calls: I,
    /// Forms still to read of the current call, by the branch each choice takes.
    pending: VecDeque<Vec<usize>>,
    current: Option<(NamedCall<'a>, Vec<usize>)>,
    /// Where the current call's units start in the list being built.
    start: usize,
    /// Where the current form's units start.
    form_start: usize,
}

impl<'a, I: Iterator<Item = NamedCall<'a>>> Forms<'a, I> {
    pub fn new(calls: I) -> Self {
        Forms {
            calls,
            pending: VecDeque::new(),
            current: None,
            start: 0,
            form_start: 0,
        }
    }

    /// The next call to read (the same call again for another form of its request), after
    /// settling the form just read: its choices decide the forms still to read, and units
    /// it repeats from an earlier form of the same call are dropped from `units`.
    pub fn next_call(&mut self, units: &mut Vec<ClientUnit>) -> Option<NamedCall<'a>> {
        let met = PLAN.with(|plan| plan.borrow_mut().take().map_or(Vec::new(), |p| p.met));
        if let Some((call, branches)) = self.current.take() {
            if branches.is_empty() {
                self.pending.extend(other_forms(&met));
            } else {
                drop_repeated(units, self.start, self.form_start);
            }
            if let Some(branches) = self.pending.pop_front() {
                self.form_start = units.len();
                self.begin(call, branches);
                return Some(call);
            }
        }
        let call = self.calls.next()?;
        self.start = units.len();
        self.form_start = units.len();
        self.begin(call, Vec::new());
        Some(call)
    }

    fn begin(&mut self, call: NamedCall<'a>, branches: Vec<usize>) {
        self.current = Some((call, branches.clone()));
        PLAN.with(|plan| {
            *plan.borrow_mut() = Some(Plan {
                branches,
                met: Vec::new(),
            })
        });
    }
}

impl<'a, I: Iterator<Item = NamedCall<'a>>> Drop for Forms<'a, I> {
    fn drop(&mut self) {
        PLAN.with(|plan| plan.borrow_mut().take());
    }
}

/// Drops the units of the form read last (from `form_start` on) that an earlier form of the
/// same call (from `start` on) already gave: the same request at the same place.
fn drop_repeated(units: &mut Vec<ClientUnit>, start: usize, form_start: usize) {
    let new: Vec<ClientUnit> = units.drain(form_start..).collect();
    for unit in new {
        if !units[start..].iter().any(|k| same_request(k, &unit)) {
            units.push(unit);
        }
    }
}

/// Whether two forms make the same request at the same place. Forms whose paths differ only in
/// a hole's name (`typeof p === "string" ? p : p.id` gives `{p}` and `{id}`) are one request.
fn same_request(a: &ClientUnit, b: &ClientUnit) -> bool {
    a.pack == b.pack
        && a.file == b.file
        && a.call == b.call
        && a.function == b.function
        && a.method == b.method
        && a.path.as_deref().map(unnamed_params) == b.path.as_deref().map(unnamed_params)
        && a.origin == b.origin
        && a.through == b.through
        && a.page_relative == b.page_relative
}

impl crate::url::Reader<'_> {
    /// `TABLE[key]` where `TABLE` is a constant object of literal values and the key is not
    /// fixed by the reading: the value of the key the key text gives, or else (while client
    /// discovery reads forms) the value of the branch this form takes, one form per key.
    /// False (nothing read) when the object is no such table.
    pub(crate) fn read_keyed_choice(
        &self,
        file: usize,
        expr: ExprId,
        (object, key): (ExprId, ExprId),
        hops: usize,
        out: &mut Vec<crate::url::Piece>,
    ) -> bool {
        let Some((tf, values)) = self.literal_table(file, object) else {
            return false;
        };
        let mut key_text = Vec::new();
        self.read(file, key, hops - 1, &mut key_text);
        let fixed: Option<String> = key_text
            .iter()
            .map(|p| match p {
                crate::url::Piece::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect();
        if let Some(text) = fixed.filter(|t| !t.is_empty()) {
            return match values.iter().find(|(k, _)| *k == text) {
                Some((_, v)) => {
                    self.read(tf, *v, hops - 1, out);
                    true
                }
                None => false,
            };
        }
        let Some(branch) = choose_among(file, expr, values.len()) else {
            return false;
        };
        self.read(tf, values[branch].1, hops - 1, out);
        true
    }

    /// The keys and values of the object literal a constant name holds, when every property
    /// is a plain key with a literal text value.
    fn literal_table(&self, file: usize, object: ExprId) -> Option<(usize, Vec<(String, ExprId)>)> {
        let (tf, entries) = self.table_entries(file, object, |kind| {
            matches!(
                kind,
                ExprKind::Literal {
                    value: LiteralValue::String { .. }
                }
            )
        })?;
        let values = entries
            .into_iter()
            .map(|(key, value)| Some((key?, value)))
            .collect::<Option<Vec<_>>>()?;
        Some((tf, values))
    }

    /// `TABLE[key]` over a constant object whose values are all object literals: the entry of
    /// the branch this form of the request takes (one form per entry).
    pub(crate) fn chosen_table_object(
        &self,
        file: usize,
        expr: ExprId,
        table: ExprId,
    ) -> Option<(usize, ExprId)> {
        let (tf, entries) =
            self.table_entries(file, table, |kind| matches!(kind, ExprKind::Object { .. }))?;
        let branch = choose_among(file, expr, entries.len())?;
        Some((tf, entries[branch].1))
    }

    /// The keys (when plain names) and values of the object literal a table expression holds
    /// (a constant name, or a setting the project's configuration class gives), when every
    /// property is a key whose value `is_entry` accepts and there is at least one.
    fn table_entries(
        &self,
        file: usize,
        table: ExprId,
        is_entry: fn(&ExprKind) -> bool,
    ) -> Option<(usize, TableEntries)> {
        let (tf, table) = match crate::settings_objects::setting_value(self.files, file, table) {
            Some(found) => found,
            None => self.files.value_of(self.files.definition(file, table)?)?,
        };
        let model = self.files.model(tf);
        let ExprKind::Object { props } = &model.expr(table).kind else {
            return None;
        };
        let mut entries = Vec::new();
        for p in props {
            let ObjectProp::KeyValue { key, value, .. } = p else {
                return None;
            };
            if !is_entry(&model.expr(*value).kind) {
                return None;
            }
            entries.push((key.as_str().map(str::to_owned), *value));
        }
        (!entries.is_empty()).then_some((tf, entries))
    }
}
