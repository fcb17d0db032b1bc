// expect: maintainability/duplicated-string@8
package api

import "net/http"

func Check(w http.ResponseWriter, r *http.Request) bool {
	if r.Header.Get("X-Tenant") == "" {
		http.Error(w, "missing tenant header", http.StatusBadRequest)
		return false
	}
	if r.Header.Get("X-Tenant") == "none" {
		http.Error(w, "missing tenant header", http.StatusBadRequest)
		return false
	}
	if len(r.Header.Values("X-Tenant")) > 1 {
		http.Error(w, "missing tenant header", http.StatusBadRequest)
		return false
	}
	return true
}
