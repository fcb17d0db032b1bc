# expect: performance/string-concat-in-loop@6
def banner(words):
    text = ""
    i = 0
    while i < len(words):
        text += words[i].upper() + " "
        i += 1
    return text.strip()
