# silent: security/weak-random
import random


def shuffle_deck(cards):
    deck = list(cards)
    random.shuffle(deck)
    jitter = random.uniform(0.1, 0.5)
    return deck, jitter
