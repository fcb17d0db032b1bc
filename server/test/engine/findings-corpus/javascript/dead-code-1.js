// expect: maintainability/dead-code@3
function render(state) {
  if (false) {
    console.log('state', state);
  }
  return `<p>${state.count}</p>`;
}
