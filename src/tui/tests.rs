//! Tests of the terminal front end: rendered screens and the update function.
