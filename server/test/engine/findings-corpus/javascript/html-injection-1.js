// expect: security/html-injection@4
function renderComment(container, comment) {
  const item = document.createElement('li');
  item.innerHTML = '<b>' + comment.author + '</b>: ' + comment.text;
  container.appendChild(item);
}
