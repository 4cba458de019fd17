//! Clients declared as interfaces (an interface or abstract class marked as an HTTP client whose methods each
//! say a method and a path, the framework making the calls): each such method is one client
//! unit, at its decorator, with the interface's prefix in front of its path. Which decorators
//! mark the interface and say what is the pack's `declaredClients` data.

use std::collections::BTreeSet;

use seam_lang::model::{ClassId, MemberKind};
use seam_packs::{Capture, Captures, Pack, match_expr};

use crate::discover::{
    ClientUnit, class_prefix_of, method_allowed, method_from_path, read_methods,
};
use crate::files::Files;
use crate::url::{Reader, Substitution, join_paths, path_of};

/// One unit per decorated method of each declared-client interface in the pack's files.
pub fn declared_units(
    files: &Files,
    pack_index: usize,
    pack: &Pack,
    on: &BTreeSet<usize>,
) -> Vec<ClientUnit> {
    let mut units = Vec::new();
    if pack.declared_clients.is_empty() {
        return units;
    }
    let no_subst = Substitution::new();
    let reader = Reader {
        files,
        environment: &pack.environment,
        subst: &no_subst,
        this_class: None,
    };
    for &file in on {
        let model = files.model(file);
        for (i, class) in model.classes.iter().enumerate() {
            // The framework implements an interface (or abstract class); a concrete class with
            // the same annotations serves them (Spring MVC reads @GetExchange on controllers).
            if !class.is_abstract {
                continue;
            }
            let class_id = ClassId::from_index(i);
            // The first entry whose markers the interface carries reads it.
            let Some(declared) = pack.declared_clients.iter().find(|d| {
                d.interface.is_empty()
                    || d.interface.iter().any(|p| {
                        class.decorators.iter().any(|dec| {
                            let mut caps = Captures::new();
                            match_expr(model, p, dec.expr, &mut caps)
                        })
                    })
            }) else {
                continue;
            };
            for member in &class.members {
                let MemberKind::Method { function } = &member.kind else {
                    continue;
                };
                for decorator in &model.function(*function).decorators {
                    // Each decorator is read by the first entry that matches it.
                    for d in &declared.methods {
                        let mut caps = Captures::new();
                        if !match_expr(model, &d.decorator, decorator.expr, &mut caps)
                            || !method_allowed(&d.method, &d.methods, &caps)
                        {
                            continue;
                        }
                        let paths = match caps.get(&d.path).and_then(Capture::expr) {
                            Some(e) => crate::path_lists::paths(&reader, file, e),
                            None => vec![Vec::new()],
                        };
                        let (prefixes, _) =
                            class_prefix_of(&reader, file, &d.class_prefix, class_id);
                        for method in read_methods(&reader, &d.method, file, &caps) {
                            for prefix in &prefixes {
                                for path in &paths {
                                    let mut path = path.clone();
                                    let method = method_from_path(
                                        d.method_in_path,
                                        &mut path,
                                        method.clone(),
                                    );
                                    let joined = join_paths(&path_of(prefix), &path_of(&path));
                                    units.push(ClientUnit {
                                        pack: pack_index,
                                        file,
                                        call: decorator.expr,
                                        function: Some(*function),
                                        method,
                                        path: Some(joined),
                                        // The base URL is configuration (`url = "${users.url}"`):
                                        // the calls go to this deployment's routes.
                                        origin: None,
                                        layered: false,
                                        through: Vec::new(),
                                        inner: None,
                                        page_relative: false,
                                        fallback: false,
                                        read_inside: false,
                                        failures: None,
                                    });
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
    }
    units
}
