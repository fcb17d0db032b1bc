// expect: security/tls-verification-disabled@11
package client

import (
	"crypto/tls"
	"net/http"
)

func Insecure() *http.Client {
	tr := &http.Transport{
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
	}
	return &http.Client{Transport: tr}
}
