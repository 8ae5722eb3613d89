//! The Tauri shell of Word Club (the app window arrives with the desktop-app issue).
