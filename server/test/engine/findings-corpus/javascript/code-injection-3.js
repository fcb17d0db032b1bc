// expect: security/code-injection@5
function handleMessage(event) {
  const data = event.data;
  if (data.type === 'run') {
    eval(data.code);
  }
}

window.addEventListener('message', handleMessage);
