//! Requests that take one of several forms by a condition the code tests:
//! `'/articles' + (feed ? '/feed' : '')`, `version ? \`${base}/${slug}/${version}\` :
//! \`${base}/${slug}\``, `archived ? "DELETE" : "POST"`. Each form is a request the call can
//! make, so a client call whose request holds such a choice is one consumer per form.
//!
//! Client discovery reads each call once as usual, with every choice taking its first branch
//! (the `?` side), and notes the choices the reading met. A call that met some is read again
//! once per other combination of branches (up to [`MAX_CHOICES`] choices, the rest keep their
//! first branch); the units a later form gives that an earlier one already gave are dropped.
//! The forms are a plan held by the thread doing the reading, so the value reader asks
//! [`choose`] at a choice it cannot otherwise settle; outside client discovery no plan is
//! active and a choice stays what it was (a hole).

use std::cell::RefCell;
use std::collections::VecDeque;

use seam_lang::model::ExprId;

use crate::discover::ClientUnit;
use crate::files::NamedCall;

/// The most choices of one request read both ways (2^3 forms).
pub const MAX_CHOICES: usize = 3;

/// The plan of the form being read: which branch each choice takes.
struct Plan {
    /// Bit `i` set: the `i`-th choice met (in reading order) takes its second branch.
    mask: u32,
    /// The choices met so far, in the order first met.
    met: Vec<(usize, ExprId)>,
}

thread_local! {
    static PLAN: RefCell<Option<Plan>> = const { RefCell::new(None) };
}

/// The branch the conditional `expr` of `file` takes in the form being read: `Some(true)`
/// for its first (`?`) branch, `Some(false)` for its second, `None` when no form is being
/// read (the caller keeps its own reading).
pub fn choose(file: usize, expr: ExprId) -> Option<bool> {
    PLAN.with(|plan| {
        let mut plan = plan.borrow_mut();
        let plan = plan.as_mut()?;
        let index = match plan.met.iter().position(|m| *m == (file, expr)) {
            Some(i) => i,
            None => {
                plan.met.push((file, expr));
                plan.met.len() - 1
            }
        };
        Some(index >= MAX_CHOICES || plan.mask & (1 << index) == 0)
    })
}

/// The calls of a file, each handed out once per form of its request (see the module
/// comment). While a call is handed out its form's plan is active on this thread.
pub struct Forms<'a, I: Iterator<Item = NamedCall<'a>>> {
    calls: I,
    /// Forms still to read of the current call, by mask.
    pending: VecDeque<u32>,
    current: Option<(NamedCall<'a>, u32)>,
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
        let met = PLAN.with(|plan| plan.borrow_mut().take().map_or(0, |p| p.met.len()));
        if let Some((call, mask)) = self.current.take() {
            if mask == 0 {
                let forms = 1u32 << met.min(MAX_CHOICES);
                self.pending.extend(1..forms);
            } else {
                drop_repeated(units, self.start, self.form_start);
            }
            if let Some(mask) = self.pending.pop_front() {
                self.form_start = units.len();
                self.begin(call, mask);
                return Some(call);
            }
        }
        let call = self.calls.next()?;
        self.start = units.len();
        self.form_start = units.len();
        self.begin(call, 0);
        Some(call)
    }

    fn begin(&mut self, call: NamedCall<'a>, mask: u32) {
        self.current = Some((call, mask));
        PLAN.with(|plan| {
            *plan.borrow_mut() = Some(Plan {
                mask,
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

fn same_request(a: &ClientUnit, b: &ClientUnit) -> bool {
    a.pack == b.pack
        && a.file == b.file
        && a.call == b.call
        && a.function == b.function
        && a.method == b.method
        && a.path == b.path
        && a.origin == b.origin
        && a.through == b.through
        && a.page_relative == b.page_relative
}
