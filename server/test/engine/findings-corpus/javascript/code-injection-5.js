// silent: security/code-injection
function scheduleRefresh(widgetId, seconds) {
  setTimeout(() => refreshWidget(widgetId), seconds * 1000);
}
