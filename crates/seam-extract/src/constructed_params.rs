//! A constructor's parameter read where no call binds it: a field the constructor stores
//! (`constructor(serviceType = Kind.ISSUES) { this.serviceType = serviceType }`, read as
//! `this.serviceType` in a method) or a value it builds from one (`axios.create({ baseURL })`
//! with `super(API_BASE_URL)` in every subclass). The parameter holds what the project's
//! constructions pass: each `new C(…)` of the class (or of a descendant that keeps its
//! constructor) and each `super(…)` of a direct subclass, the parameter's default where one
//! passes nothing. When they all give the same value, that is the value; when they give
//! several, each is one form of the request (see [`crate::alternatives`]). Only values the
//! code fixes are read so: a construction passing text built around a value of its own
//! (`new GetRequest("notes/" + alias)`) leaves the parameter a hole, and the calls through
//! that instance read it as a template.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use seam_lang::model::{BindingId, BindingKind, ExprId, ExprKind, FunctionKind, ParamKind};

use crate::url::{Piece, Reader, Substitution};

/// The most constructions one parameter is read through.
const MAX_CONSTRUCTIONS: usize = 64;

/// How many constructor parameters one value goes through, one passing on another (a store's
/// constructor passing its own parameter on to `new IssueService(serviceType)`).
const MAX_NESTED: usize = 8;

/// How far each value a construction passes is followed.
const VALUE_HOPS: usize = 8;

/// What the constructions give each parameter, by (file, parameter, the reading pack's
/// environment patterns): the distinct values, `None` when they cannot be read.
pub type Memo = HashMap<(usize, BindingId, usize), crate::consulted::Kept<Option<Vec<Vec<Piece>>>>>;

thread_local! {
    /// The parameters whose values this thread is working out, outermost first.
    static UNDER_WAY: RefCell<Vec<(usize, BindingId)>> = const { RefCell::new(Vec::new()) };
    /// How many times this thread cut a reading short (a parameter passed on to itself, or
    /// too deep): a value worked out with a cut depends on where the reading started, so it is
    /// not kept.
    static CUTS: Cell<usize> = const { Cell::new(0) };
}

/// The expression a parameter takes when a call passes nothing for it: its default.
pub fn default_of(reader: &Reader, file: usize, b: BindingId) -> Option<ExprId> {
    let model = reader.files.model(file);
    let binding = model.binding(b);
    let BindingKind::Param { function, index } = binding.kind else {
        return None;
    };
    if !binding.origin.path.is_empty() {
        return None;
    }
    model.function(function).params.get(index as usize)?.default
}

/// The position of `b` when it is a plain parameter of a class constructor.
fn constructor_param(reader: &Reader, file: usize, b: BindingId) -> Option<usize> {
    let model = reader.files.model(file);
    let binding = model.binding(b);
    let BindingKind::Param { function, index } = binding.kind else {
        return None;
    };
    let f = model.function(function);
    (f.kind == FunctionKind::Constructor
        && f.class.is_some()
        && binding.origin.path.is_empty()
        && f.params
            .get(index as usize)
            .is_some_and(|p| p.kind == ParamKind::Normal))
    .then_some(index as usize)
}

/// Reads the constructor parameter `b` (read at `expr`) through the project's constructions.
/// False when `b` is no plain parameter of a class constructor, when no construction or too
/// many pass it, when one passes it by spread, or when the constructions disagree and no form
/// of a request is being read.
pub fn read(
    reader: &Reader,
    file: usize,
    expr: ExprId,
    b: BindingId,
    out: &mut Vec<Piece>,
) -> bool {
    let Some(mut readings) = values(reader, file, b) else {
        return false;
    };
    // A construction whose value says nothing (a name the reading cannot follow) adds no form
    // beside those that say something.
    if readings.len() > 1 {
        readings.retain(|r| !r.iter().all(|p| matches!(p, Piece::Hole(_))));
    }
    match readings.len() {
        0 => false,
        1 => {
            out.extend(readings.swap_remove(0));
            true
        }
        n => match crate::alternatives::choose_among(
            file,
            expr,
            n.min(crate::alternatives::MAX_BRANCHES),
        ) {
            Some(choice) => {
                out.extend(readings.swap_remove(choice));
                true
            }
            None => false,
        },
    }
}

/// The distinct values the project's constructions give the constructor parameter `b`, in
/// the order first given, worked out once per run; `None` when `b` is no constructor
/// parameter, no construction or too many pass it, or one passes it by spread.
fn values(reader: &Reader, file: usize, b: BindingId) -> Option<Vec<Vec<Piece>>> {
    let index = constructor_param(reader, file, b)?;
    let key = (file, b, reader.environment.as_ptr() as usize);
    if let Some(known) = reader
        .files
        .constructed_params
        .lock()
        .ok()
        .and_then(|m| m.get(&key).map(crate::consulted::taken))
    {
        return known;
    }
    let under_way = UNDER_WAY.with(|u| {
        let u = u.borrow();
        u.len() >= MAX_NESTED || u.contains(&(file, b))
    });
    if under_way {
        CUTS.set(CUTS.get() + 1);
        return None;
    }
    let cuts = CUTS.get();
    UNDER_WAY.with(|u| u.borrow_mut().push((file, b)));
    let (found, reads) = crate::consulted::worked_out(|| {
        crate::alternatives::outside_forms(|| compute(reader, file, b, index))
    });
    UNDER_WAY.with(|u| u.borrow_mut().pop());
    if CUTS.get() == cuts
        && let Ok(mut m) = reader.files.constructed_params.lock()
    {
        m.insert(key, (found.clone(), reads));
    }
    found
}

fn compute(reader: &Reader, file: usize, b: BindingId, index: usize) -> Option<Vec<Vec<Piece>>> {
    let model = reader.files.model(file);
    let BindingKind::Param { function, .. } = model.binding(b).kind else {
        return None;
    };
    let calls = crate::classes::constructor_calls(reader.files, file, function);
    if calls.is_empty() || calls.len() > MAX_CONSTRUCTIONS {
        return None;
    }
    let empty = Substitution::new();
    let fresh = Reader {
        files: reader.files,
        environment: reader.environment,
        subst: &empty,
        this_class: None,
    };
    let mut out: Vec<Vec<Piece>> = Vec::new();
    let mut add = |pieces: Vec<Piece>| {
        if !out.contains(&pieces) {
            out.push(pieces);
        }
    };
    for &(cf, call) in &calls {
        let cmodel = reader.files.model(cf);
        let ExprKind::Call { args, .. } = &cmodel.expr(call).kind else {
            return None;
        };
        if args
            .iter()
            .take(index + 1)
            .any(|a| a.spread || a.keyword_spread || a.name.is_some())
        {
            return None;
        }
        let Some(arg) = args.get(index) else {
            let mut pieces = Vec::new();
            match default_of(reader, file, b) {
                Some(default) => fresh.read(file, default, VALUE_HOPS, &mut pieces),
                None => pieces.push(Piece::Hole(model.binding(b).name.to_string())),
            }
            add(pieces);
            continue;
        };
        // Passed on from the constructing class's own constructor parameter: each value that
        // one is given.
        if let ExprKind::Ident {
            binding: Some(passed),
            ..
        } = &cmodel.expr(arg.value).kind
            && let Some(given) = values(reader, cf, *passed)
        {
            given.into_iter().for_each(&mut add);
            continue;
        }
        let mut pieces = Vec::new();
        fresh.read(cf, arg.value, VALUE_HOPS, &mut pieces);
        // A value built from what the constructing code holds (`new GetRequest("notes/" +
        // alias)`) is that construction's own: the calls through its instance read it with
        // the construction's arguments (a template), so the class's own calls do not.
        let holes = pieces.iter().any(|p| matches!(p, Piece::Hole(_)));
        if holes && !pieces.iter().all(|p| matches!(p, Piece::Hole(_))) {
            return None;
        }
        add(pieces);
    }
    Some(out)
}
