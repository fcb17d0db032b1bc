# expect: maintainability/magic-number@3
def should_alert(error_rate, window_minutes):
    return error_rate > 0.05 and window_minutes >= 2
