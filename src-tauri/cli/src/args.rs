//! A small argument reader: `--name value` options, `--flag` switches and positionals.
//! Every option must be known to the subcommand; unknown or repeated ones are usage errors.
use crate::error::CliError;
use std::collections::BTreeMap;

pub struct Args {
    options: BTreeMap<String, Option<String>>,
    pub positionals: Vec<String>,
}

impl Args {
    /// `with_value` lists the options that take a value, `switches` those that do not.
    pub fn parse(
        argv: &[String],
        with_value: &[&str],
        switches: &[&str],
    ) -> Result<Args, CliError> {
        let mut options = BTreeMap::new();
        let mut positionals = Vec::new();
        let mut i = 0;
        while i < argv.len() {
            let a = &argv[i];
            if let Some(name) = a.strip_prefix("--") {
                let (name, inline) = match name.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (name, None),
                };
                let value = if with_value.contains(&name) {
                    match inline {
                        Some(v) => Some(v),
                        None => {
                            i += 1;
                            Some(argv.get(i).cloned().ok_or_else(|| {
                                CliError::usage(format!("--{name} needs a value"))
                            })?)
                        }
                    }
                } else if switches.contains(&name) && inline.is_none() {
                    None
                } else {
                    return Err(CliError::usage(format!("unknown option --{name}")));
                };
                if options.insert(name.to_string(), value).is_some() {
                    return Err(CliError::usage(format!("--{name} given twice")));
                }
            } else {
                positionals.push(a.clone());
            }
            i += 1;
        }
        Ok(Args {
            options,
            positionals,
        })
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.options.get(name).and_then(|v| v.as_deref())
    }

    pub fn required(&self, name: &str) -> Result<&str, CliError> {
        self.value(name)
            .ok_or_else(|| CliError::usage(format!("--{name} is required")))
    }

    pub fn switch(&self, name: &str) -> bool {
        self.options.contains_key(name)
    }
}
