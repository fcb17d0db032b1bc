// silent: security/html-injection
export function renderUser(el: HTMLElement, user: { name: string; bio: string }): void {
  const title = document.createElement('h3');
  title.textContent = user.name;
  const bio = document.createElement('p');
  bio.textContent = user.bio;
  el.replaceChildren(title, bio);
}
