//! Prints the model of a file named by `SEAM_PY_DUMP` (a debugging aid; passes when unset).
#[test]
fn dump_model_of_file_in_env() {
    let Ok(path) = std::env::var("SEAM_PY_DUMP") else {
        return;
    };
    let source = std::fs::read_to_string(&path).unwrap_or_default();
    match seam_lang::lower::python::lower("dump.py", &source) {
        Ok(m) => println!("{}", serde_json::to_string_pretty(&m).unwrap_or_default()),
        Err(e) => println!("error: {e}"),
    }
}
