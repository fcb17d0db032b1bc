// expect: security/ssrf@7
package hooks

import "net/http"

func Ping(w http.ResponseWriter, r *http.Request) {
	resp, err := http.Get(r.FormValue("callback"))
	if err != nil {
		http.Error(w, "unreachable", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(resp.StatusCode)
}
