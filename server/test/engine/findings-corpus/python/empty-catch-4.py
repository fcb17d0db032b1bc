# expect: best_practices/bare-except@7
# expect: best_practices/empty-catch@7
def shutdown(workers):
    for w in workers:
        try:
            w.stop()
        except:
            pass
