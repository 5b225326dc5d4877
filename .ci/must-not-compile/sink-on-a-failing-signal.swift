// expected-error: referencing instance method 'sink(receiveValue:)' on 'Signal' requires the types 'any Error' and 'Never' be equivalent
//
// A trailing-closure `sink` sees values only and exists only where the signal cannot fail, as in
// Combine. On a failing signal, say what happens at the end (`sink(receiveCompletion:receiveValue:)`) or
// see every event (`observe`).
import Signals

let load = PassthroughSignal<String, any Error>()
let token = load.sink { event in print(event) }
