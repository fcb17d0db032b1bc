// silent: security/error-details
package web

import (
	"encoding/json"
	"log"
	"net/http"
)

type order struct{ ID string }

func create(w http.ResponseWriter, r *http.Request) {
	var o order
	if err := json.NewDecoder(r.Body).Decode(&o); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := save(o); err != nil {
		log.Printf("saving order %s: %v", o.ID, err)
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
	}
}

func save(o order) error { return nil }
