//! How many worker threads a run uses: `--threads N`, else `RAYON_NUM_THREADS`, else one per
//! core, and never more than the machine runs at once.
//!
//! Why clamp: every thread of seam's pools is CPU-bound, so threads beyond the available
//! parallelism only add memory and scheduling; `--threads 100000` used to start 100,000
//! threads. The environment variable is read here rather than by rayon so that it gets the
//! same checks as the flag.

/// The environment variable rayon reads; seam reads it first and gives rayon a checked count.
pub const ENV: &str = "RAYON_NUM_THREADS";

/// A thread count as the user wrote it: a whole number of at least 1. The sentence in the
/// error is what clap prints after the flag's name.
pub fn parse_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("0 threads cannot run anything; give 1 or more".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{text}` is not a whole number of threads (1 or more)"
        )),
    }
}

/// The count a run uses and, when the request was lowered, the line that says so.
#[derive(Debug, PartialEq, Eq)]
pub struct Decision {
    /// `None`: no request; rayon's default (one thread per core) applies.
    pub threads: Option<usize>,
    pub note: Option<String>,
}

/// Decides the count from the flag, the environment variable's value and the machine's
/// available parallelism. An unusable environment value is an error naming the variable.
pub fn decide(
    flag: Option<usize>,
    env: Option<&str>,
    available: usize,
) -> Result<Decision, String> {
    let (requested, source) = match (flag, env) {
        (Some(n), _) => (n, format!("--threads {n}")),
        (None, Some(value)) if !value.trim().is_empty() => {
            let n = parse_count(value).map_err(|e| format!("{ENV}={value}: {e}"))?;
            (n, format!("{ENV}={n}"))
        }
        _ => {
            return Ok(Decision {
                threads: None,
                note: None,
            });
        }
    };
    let available = available.max(1);
    if requested > available {
        return Ok(Decision {
            threads: Some(available),
            note: Some(format!(
                "seam: {source} is more than the {available} thread(s) this machine runs at once; using {available}"
            )),
        });
    }
    Ok(Decision {
        threads: Some(requested),
        note: None,
    })
}

/// The machine's available parallelism (1 when it cannot be read).
pub fn available() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Builds rayon's global pool with the decided count (the pools seam-lang and seam-review
/// build take their size from it).
pub fn configure(threads: usize) {
    // Ignored when a pool already exists; the CLI builds none before this point.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_parse_as_whole_numbers_of_at_least_one() {
        assert_eq!(parse_count("4"), Ok(4));
        assert!(parse_count("0").is_err());
        assert!(parse_count("-1").is_err());
        assert!(parse_count("many").is_err());
    }

    #[test]
    fn the_flag_wins_over_the_environment_and_both_are_clamped() {
        let d = decide(Some(3), Some("1"), 2).unwrap();
        assert_eq!(d.threads, Some(2));
        assert!(d.note.unwrap().contains("--threads 3"));
        let d = decide(None, Some("9"), 4).unwrap();
        assert_eq!(d.threads, Some(4));
        assert!(d.note.unwrap().contains("RAYON_NUM_THREADS=9"));
        assert_eq!(
            decide(None, Some("2"), 4).unwrap(),
            Decision {
                threads: Some(2),
                note: None
            }
        );
        assert_eq!(decide(None, None, 4).unwrap().threads, None);
        assert_eq!(decide(None, Some(""), 4).unwrap().threads, None);
        assert!(decide(None, Some("0"), 4).is_err());
        assert!(decide(None, Some("x"), 4).is_err());
    }
}
