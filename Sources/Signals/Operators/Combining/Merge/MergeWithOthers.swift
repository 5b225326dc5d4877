extension Signal {
  /// Merges this signal with `others`, signals of other types with the same output and failure: every
  /// value of every signal, as it comes.
  ///
  /// ```marble merge-with-others
  /// upstream:                      -a---c-|
  /// taps:                          ---b---d|
  /// merge(with: taps.map(...)):    -a-b-c-d|
  /// ```
  ///
  /// As Combine's `merge(with:)` of one to seven other publishers, in one method: the signals are erased
  /// to ``AnySignal`` (each wrapped once, when the merge is built), then merged as
  /// ``Signal/merge(with:)->MergeSignal<Self>`` merges signals of one type. Finishes when all signals finished;
  /// fails at the first failure, cancelling the others.
  @inlinable
  public consuming func merge(with others: any Signal<Output, Failure>...) -> MergeSignal<AnySignal<Output, Failure>> {
    MergeSignal([eraseToAnySignal()] + others.map { AnySignal($0) })
  }
}
