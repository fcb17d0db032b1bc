/**
 * The view's style sheet: only VS Code's --vscode-* variables for colours and
 * fonts, so it follows every theme (light, dark, high contrast) by itself.
 */
export const VIEW_CSS = `
:root { color-scheme: light dark; }
body {
  font-family: var(--vscode-font-family);
  font-size: var(--vscode-font-size);
  color: var(--vscode-foreground);
  background: var(--vscode-editor-background);
  line-height: 1.5;
  padding: 0 20px 32px;
  max-width: 960px;
}
h1 { font-size: 1.5em; margin: 16px 0 8px; }
h2 { font-size: 1.2em; margin: 24px 0 8px; border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, transparent)); padding-bottom: 4px; }
h3 { font-size: 1em; margin: 0; display: inline; }
code, pre { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size, 0.95em); }
code { background: var(--vscode-textCodeBlock-background); padding: 0 3px; border-radius: 3px; }
pre { background: var(--vscode-textCodeBlock-background); padding: 8px 12px; overflow-x: auto; border-radius: 3px; }
pre code { background: none; padding: 0; }
.facts { display: flex; flex-wrap: wrap; gap: 4px 20px; margin: 0 0 12px; }
.facts div { display: flex; gap: 6px; }
.facts dt { color: var(--vscode-descriptionForeground); }
.facts dd { margin: 0; }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 8px 0; }
button {
  font: inherit; color: var(--vscode-button-foreground); background: var(--vscode-button-background);
  border: 1px solid var(--vscode-button-border, transparent); padding: 3px 10px; border-radius: 2px; cursor: pointer;
}
button:hover { background: var(--vscode-button-hoverBackground); }
button.secondary { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); }
button.secondary:hover { background: var(--vscode-button-secondaryHoverBackground); }
button.link { color: var(--vscode-textLink-foreground); background: none; border: none; padding: 0; text-decoration: underline; }
button:disabled, select:disabled { opacity: 0.6; cursor: default; }
:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
select { font: inherit; color: var(--vscode-dropdown-foreground); background: var(--vscode-dropdown-background); border: 1px solid var(--vscode-dropdown-border, transparent); padding: 2px 4px; }
.status { min-height: 1.5em; color: var(--vscode-descriptionForeground); margin: 0; }
details.section { border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, transparent)); border-radius: 3px; margin: 8px 0; padding: 4px 12px; }
details.section > summary { cursor: pointer; padding: 4px 0; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 12px; }
.card { border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, transparent)); border-radius: 3px; padding: 8px 12px; background: var(--vscode-sideBar-background, transparent); }
.card .value { font-size: 1.8em; margin: 4px 0; }
.card p { margin: 4px 0; }
.badge { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 0.85em; color: var(--vscode-badge-foreground); background: var(--vscode-badge-background); border: 1px solid var(--vscode-contrastBorder, transparent); }
.reading-moderate .badge.reading, .severity-medium { color: var(--vscode-editor-background); background: var(--vscode-editorWarning-foreground); }
.reading-high .badge.reading, .severity-high, .severity-critical { color: var(--vscode-editor-background); background: var(--vscode-editorError-foreground); }
.severity-info, .severity-low { color: var(--vscode-editor-background); background: var(--vscode-editorInfo-foreground); }
tr.increments td { padding-top: 0; }
tr.increments summary { cursor: pointer; color: var(--vscode-textLink-foreground); }
tr.increments h4 { margin: 8px 0 4px; font-size: 0.95em; }
tr.increments ul { margin: 0; padding-left: 20px; }
tr.increments .points { font-variant-numeric: tabular-nums; font-weight: 600; }
table { border-collapse: collapse; margin-top: 12px; width: 100%; }
caption { text-align: left; font-weight: bold; padding: 4px 0; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, transparent)); }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
.suggestion-group ul { padding-left: 20px; }
.suggestion-group li { margin: 4px 0; }
.muted { color: var(--vscode-descriptionForeground); }
`;
