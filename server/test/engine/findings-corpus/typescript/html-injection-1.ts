// expect: security/html-injection@3
export function renderUser(el: HTMLElement, user: { name: string; bio: string }): void {
  el.innerHTML = `<h3>${user.name}</h3><p>${user.bio}</p>`;
}
