// expect: security/tls-verification-disabled@10
package mail

import (
	"crypto/tls"
	"net/smtp"
)

func Dial(addr string) (*smtp.Client, error) {
	conn, err := tls.Dial("tcp", addr, &tls.Config{InsecureSkipVerify: true})
	if err != nil {
		return nil, err
	}
	return smtp.NewClient(conn, addr)
}
