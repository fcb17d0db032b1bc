// expect: security/code-injection@3
function scheduleRefresh(widgetId, seconds) {
  setTimeout('refreshWidget("' + widgetId + '")', seconds * 1000);
}
