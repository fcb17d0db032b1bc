// expect: maintainability/dead-code@8
package jobs

import "log"

func Run(jobs []func() error) {
	for _, j := range jobs {
		if false {
			log.Println("running job")
		}
		if err := j(); err != nil {
			log.Println(err)
		}
	}
}
