// expect: maintainability/magic-number@5
package limits

func TooLarge(size int64) bool {
	return size > 10485760
}
