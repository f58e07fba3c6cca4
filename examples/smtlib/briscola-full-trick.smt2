; aceten: one trick of briscola (4 players)
; played: 3O AO 2S 5O; the trick is full; trump: swords
(set-logic ALL)
(declare-datatype Card ((c_3O) (c_AO) (c_2S) (c_5O)))
(declare-datatype Suit ((s_S) (s_C) (s_O) (s_B)))
(define-fun suit ((c Card)) Suit (ite (= c c_3O) s_O (ite (= c c_AO) s_O (ite (= c c_2S) s_S s_O))))
(define-fun plain_rank ((c Card)) Int (ite (= c c_3O) 9 (ite (= c c_AO) 10 (ite (= c c_2S) 1 3))))
(define-fun trump_rank ((c Card)) Int (ite (= c c_3O) 9 (ite (= c c_AO) 10 (ite (= c c_2S) 1 3))))
(define-fun trump ((s Suit)) Bool (= s s_S))
(define-fun led ((s Suit)) Bool (= s s_O))
(define-fun played ((c Card)) Bool (or (= c c_3O) (= c c_AO) (= c c_2S) (= c c_5O)))
(define-fun hand ((c Card)) Bool false)
(define-fun trumpcard ((c Card)) Bool (trump (suit c)))
; y beats x: a trump beats a plain card; within a suit the higher card beats the lower
(define-fun beats ((y Card) (x Card)) Bool (or (and (trumpcard y) (not (trumpcard x))) (and (= (suit y) (suit x)) (ite (trumpcard x) (> (trump_rank y) (trump_rank x)) (> (plain_rank y) (plain_rank x))))))
; the card winning the trick so far: for all y, played(y) -> not beats(y, x)
; (the quantifier written out over the finitely many cards, so get-value evaluates)
(define-fun best ((x Card)) Bool (and (played x) (or (led (suit x)) (trumpcard x)) (not (and (played c_3O) (beats c_3O x))) (not (and (played c_AO) (beats c_AO x))) (not (and (played c_2S) (beats c_2S x))) (not (and (played c_5O) (beats c_5O x)))))
(define-fun partner_winning () Bool true)
(define-fun stock_empty () Bool true)
; the play obligations (none: any card may be played at any time),
; written by their encode face: named subformulas, then legal
(define-fun legal ((c Card)) Bool (and (hand c) false))
; the question: which card wins the trick?
(declare-const winner Card)
(assert (best winner))
(check-sat)
(get-value (winner))
(get-value ((best c_3O) (best c_AO) (best c_2S) (best c_5O)))
