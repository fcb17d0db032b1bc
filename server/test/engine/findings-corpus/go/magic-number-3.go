// expect: maintainability/magic-number@7
package users

import "errors"

func ValidateName(name string) error {
	if len(name) > 64 {
		return errors.New("name too long")
	}
	return nil
}
