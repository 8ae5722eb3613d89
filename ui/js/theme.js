// The colour theme: "light" or "dark" as chosen in the settings, or the system's ("system").

/** @param {import('./contract').Theme} theme */
export function applyTheme(theme) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}
