import Signals
