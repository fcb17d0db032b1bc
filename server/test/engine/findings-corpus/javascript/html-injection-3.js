// expect: security/html-injection@3
function showBanner(message) {
  document.getElementById('banner').insertAdjacentHTML('beforeend', `<div class="note">${message}</div>`);
}
