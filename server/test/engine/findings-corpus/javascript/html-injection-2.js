// silent: security/html-injection
function renderComment(container, comment) {
  const item = document.createElement('li');
  const author = document.createElement('b');
  author.textContent = comment.author;
  item.append(author, ': ' + comment.text);
  container.appendChild(item);
}
