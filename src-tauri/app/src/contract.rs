//! The UI's typed contract (feature `contract`), generated from the command table: a
//! TypeScript declaration of every type a command takes or answers (`ui/js/contract.d.ts`,
//! from the types' `ts_rs::TS` derives, which follow their serde attributes) and one typed
//! function per command (`ui/js/commands.js`, JSDoc over `api.js`'s `call`). The UI calls
//! commands only through those functions and `tsc --checkJs` checks it against the
//! declarations (scripts/test.sh), so a renamed field or command fails the test command.
//! `tests/contract.rs` compares the committed files with these and rewrites them when asked.

use std::any::TypeId;
use std::collections::{BTreeMap, BTreeSet};

use ts_rs::{Config, TypeVisitor, TS};

/// One row of the command table, with its types as TypeScript names.
pub struct CommandTypes {
    pub name: &'static str,
    /// `None`: the command takes no arguments.
    pub args: Option<String>,
    pub answer: String,
}

/// The generated files: `contract.d.ts` and `commands.js`.
pub struct ContractFiles {
    pub declarations: String,
    pub commands: String,
}

/// Collects the declaration of every named type reachable from the ones visited.
pub(crate) struct Declarations {
    cfg: Config,
    seen: BTreeSet<TypeId>,
    /// TypeScript name → (the Rust type it declares, its declaration).
    decls: BTreeMap<String, (&'static str, String)>,
}

impl Declarations {
    pub(crate) fn new() -> Declarations {
        Declarations {
            // Every integer the app sends fits a JavaScript number (ids, seeds, counts).
            cfg: Config::new().with_large_int("number"),
            seen: BTreeSet::new(),
            decls: BTreeMap::new(),
        }
    }

    pub(crate) fn name<T: TS + 'static + ?Sized>(&self) -> String {
        T::name(&self.cfg)
    }
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        // A type with a declaration of its own (a derived struct or enum); a container
        // (Vec, Option, a map) only leads to the types it holds.
        if T::output_path().is_some() {
            let name = T::ident(&self.cfg);
            let rust = std::any::type_name::<T>();
            let decl = T::decl(&self.cfg);
            // serde_json's Value and ts-rs's stand-in for it declare the same JsonValue.
            match self.decls.get(&name) {
                Some((_, same)) if *same == decl => {}
                Some((other, _)) => panic!(
                    "two types are called {name} in the contract: {other} and {rust} (rename one with #[ts(rename)])"
                ),
                None => {
                    self.decls.insert(name, (rust, decl));
                }
            }
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The web app's worker door (`ui/js/api.js` ↔ `ui/js/worker.js`, which runs the command
/// layer compiled to WebAssembly: `src-tauri/web`): what the page posts, one command by name
/// with its arguments and a request id its answer comes back with.
#[derive(serde::Serialize, TS)]
#[allow(dead_code)]
pub(crate) struct WorkerRequest {
    pub id: u32,
    pub command: String,
    pub args: serde_json::Value,
}

/// What the worker posts to the page: an answer or a refusal to request `id` (the same JSON
/// as over IPC and HTTP), an event the app sent (as the window emits it), that it is ready,
/// that it cannot start (every command is refused with `fatal`), or that its WebAssembly
/// stopped (`died`: the page starts another worker).
#[derive(serde::Serialize, TS)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum WorkerMessage {
    Answer { id: u32, ok: serde_json::Value },
    Refused { id: u32, error: crate::ErrorBody },
    Event { event: crate::AppEvent },
    Ready { ready: bool },
    Fatal { fatal: crate::ErrorBody },
    Died { died: crate::ErrorBody },
}

/// The rows of the command table with their types (`command_table!(contract_table)` in lib.rs
/// generates `command_types`, so the names resolve exactly as the dispatcher's do).
macro_rules! contract_table {
    ($($name:ident($($args:ty)?) -> $answer:ty;)*) => {
        fn command_types(types: &mut $crate::contract::Declarations) -> Vec<$crate::contract::CommandTypes> {
            use ts_rs::TypeVisitor as _;
            vec![$({
                $(types.visit::<$args>();)?
                types.visit::<$answer>();
                $crate::contract::CommandTypes {
                    name: stringify!($name),
                    args: None$(.or(Some(types.name::<$args>())))?,
                    answer: types.name::<$answer>(),
                }
            }),*]
        }

        /// The contract's two files, as generated from the command table now.
        pub fn contract_files() -> $crate::contract::ContractFiles {
            let mut types = $crate::contract::Declarations::new();
            let commands = command_types(&mut types);
            // The pushed events reach the UI beside the commands (`onEvent` in api.js).
            ts_rs::TypeVisitor::visit::<$crate::AppEvent>(&mut types);
            // The web app's worker door: its requests and messages (`api.js`, `worker.js`).
            ts_rs::TypeVisitor::visit::<$crate::contract::WorkerRequest>(&mut types);
            ts_rs::TypeVisitor::visit::<$crate::contract::WorkerMessage>(&mut types);
            $crate::contract::files(&commands, &types)
        }
    };
}
pub(crate) use contract_table;

const HEADER: &str = "Generated from the command table (src-tauri/app/src/commands.rs) and the types of its \
arguments and answers by `WORDCLUB_BLESS=1 cargo test -p wordclub-app --features contract --test contract`. \
Do not edit: change the Rust types and generate it again.";

pub(crate) fn files(commands: &[CommandTypes], types: &Declarations) -> ContractFiles {
    let mut declarations = format!("// {HEADER}\n\n");
    for (_, decl) in types.decls.values() {
        declarations.push_str("export ");
        declarations.push_str(decl.trim());
        declarations.push_str("\n\n");
    }
    declarations.push_str("/** Each command's argument (`undefined`: it takes none) and answer. */\nexport type Commands = {\n");
    for c in commands {
        let args = c.args.as_deref().unwrap_or("undefined");
        declarations.push_str(&format!(
            "  {}: {{ args: {args}; answer: {} }};\n",
            c.name, c.answer
        ));
    }
    declarations.push_str("};\n");

    let mut js = format!(
        "// {HEADER}\n//\n// One function per command: its argument and answer typed by contract.d.ts (`tsc --checkJs`\n// checks every call). The only place in ui/js that names a command.\nimport {{ call }} from './api.js';\n"
    );
    for c in commands {
        let answer = ts_in_js(&c.answer);
        match &c.args {
            Some(args) => js.push_str(&format!(
                "\n/**\n * @param {{{}}} args\n * @returns {{Promise<{answer}>}}\n */\nexport const {name} = (args) => call('{name}', args);\n",
                ts_in_js(args),
                name = c.name
            )),
            None => js.push_str(&format!(
                "\n/** @returns {{Promise<{answer}>}} */\nexport const {name} = () => call('{name}');\n",
                name = c.name
            )),
        }
    }
    ContractFiles {
        declarations,
        commands: js,
    }
}

/// A TypeScript type as JSDoc writes it in commands.js: its named types imported from the
/// declarations.
fn ts_in_js(ts: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && word != "Array"
            && word != "Record"
            && word != "Partial"
        {
            out.push_str(&format!("import('./contract').{word}"));
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in ts.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}
