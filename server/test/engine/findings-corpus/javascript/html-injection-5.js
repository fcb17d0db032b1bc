// silent: security/html-injection
function clearList(list) {
  list.innerHTML = '';
  list.outerHTML = '<ul id="results"></ul>';
}
