// silent: performance/await-in-loop
// expect: security/ssrf@5
async function firstHealthy(urls) {
  for (const url of urls) {
    const res = await fetch(url + '/health');
    if (res.ok) return url;
  }
  return null;
}
