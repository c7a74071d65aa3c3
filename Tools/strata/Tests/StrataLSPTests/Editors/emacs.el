;;; emacs.el --- Emacs (28, with eglot 1.9 from Debian's elpa-eglot) as strata lsp's client, in batch.
;;
;; Opens STRATA_FILE, waits for strata's diagnostics in Flymake (where eglot puts them), deletes
;; the offending import (line STRATA_LINE) in the buffer, waits for them to clear, and writes what
;; it saw to STRATA_OUT. Run by LanguageServerEditorTests:
;;   emacs --batch -q -l emacs.el   (-q, not -Q: Debian activates its elpa packages in site-start)

(require 'eglot)
(require 'flymake)

(defvar strata-out (getenv "STRATA_OUT"))
(defvar strata-patience 120 "Seconds to wait for the server before giving up.")

(defun strata-finish (status text)
  "Append TEXT to STRATA_OUT and leave Emacs with STATUS."
  (write-region text nil strata-out t 'silent)
  (kill-emacs status))

(defun strata-wait (predicate)
  "Let timers and the server's output run until PREDICATE holds; nil after `strata-patience'."
  (let ((deadline (+ (float-time) strata-patience)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

;; The setup docs/StrataLint.md gives: a mode for Swift files (swift-mode, when installed, is
;; the same) and strata lsp as its server.
(unless (fboundp 'swift-mode)
  (define-derived-mode swift-mode prog-mode "Swift"))
(add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode))
(add-to-list 'eglot-server-programs `(swift-mode . (,(getenv "STRATA_BIN") "lsp")))
;; Flymake asks eglot for diagnostics at once rather than after idle time.
(setq flymake-no-changes-timeout 0.1)

(write-region "" nil strata-out nil 'silent)
(find-file (getenv "STRATA_FILE"))
(let ((project (cons 'transient (getenv "STRATA_ROOT"))))
  (eglot '(swift-mode) project 'eglot-lsp-server (list (getenv "STRATA_BIN") "lsp") "swift"))
(unless (eglot-current-server) (strata-finish 3 "no server\n"))
(flymake-mode 1)
(flymake-start)

(unless (strata-wait (lambda () (flymake-diagnostics)))
  (strata-finish 4 "no diagnostics\n"))
(dolist (found (flymake-diagnostics))
  (let ((start (flymake-diagnostic-beg found)))
    (write-region
     (format "%d:%d %s\n" (line-number-at-pos start) (1+ (save-excursion (goto-char start) (current-column)))
             (flymake-diagnostic-text found))
     nil strata-out t 'silent)))

(goto-char (point-min))
(forward-line (1- (string-to-number (getenv "STRATA_LINE"))))
(delete-region (line-beginning-position) (line-beginning-position 2))
(unless (strata-wait (lambda () (null (flymake-diagnostics))))
  (strata-finish 5 "not cleared\n"))
(eglot-shutdown (eglot-current-server))
(strata-finish 0 "cleared\n")
