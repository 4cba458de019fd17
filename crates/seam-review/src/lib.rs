//! The review IR (aburi.ir.v1) built from the model.
