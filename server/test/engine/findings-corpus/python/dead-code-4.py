# silent: maintainability/dead-code
import time


def run_forever(job, interval):
    while True:
        job()
        time.sleep(interval)
