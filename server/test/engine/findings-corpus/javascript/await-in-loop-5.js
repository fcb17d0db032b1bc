// silent: performance/await-in-loop
// silent: security/ssrf
async function firstHealthy(urls) {
  for (const url of urls) {
    const res = await fetch(url + '/health');
    if (res.ok) return url;
  }
  return null;
}
