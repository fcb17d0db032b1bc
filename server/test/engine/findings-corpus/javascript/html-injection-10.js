// silent: security/html-injection
function updateBadge(badge, items) {
  const count = items.length;
  badge.innerHTML = `<span class="count">${count}</span>`;
}
