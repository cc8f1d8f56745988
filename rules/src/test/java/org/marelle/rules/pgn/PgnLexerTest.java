package org.marelle.rules.pgn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.marelle.rules.pgn.PgnLexer.Kind;
import org.marelle.rules.pgn.PgnLexer.Token;

/** Tokens, with their line:column, of the PGN lexical rules. */
class PgnLexerTest {

    private static List<Token> tokens(String text) {
        PgnLexer lexer = new PgnLexer(new StringReader(text));
        List<Token> out = new ArrayList<>();
        for (Token t = lexer.next(); !t.is(Kind.END); t = lexer.next()) {
            out.add(t);
        }
        return out;
    }

    private static List<String> kinds(String text) {
        return tokens(text).stream().map(t -> t.kind() + " " + t.text()).toList();
    }

    @Test
    void tagPair() {
        assertThat(kinds("[Event \"a \\\"b\\\" \\\\ c\"]")).containsExactly("TAG_OPEN [", "SYMBOL Event",
                "STRING a \"b\" \\ c", "TAG_CLOSE ]");
    }

    @Test
    void movetextTokens() {
        assertThat(kinds("12. Nf3 12... e8=Q+ $14 (O-O-O#) {c} ;rest\n1-0 0-1 1/2-1/2 *")).containsExactly(
                "MOVE_NUMBER 12.", "SYMBOL Nf3", "MOVE_NUMBER 12...", "SYMBOL e8=Q+", "NAG 14",
                "VARIATION_OPEN (", "SYMBOL O-O-O#", "VARIATION_CLOSE )", "COMMENT c", "COMMENT rest",
                "RESULT 1-0", "RESULT 0-1", "RESULT 1/2-1/2", "RESULT *");
    }

    @Test
    void castlingWithZerosIsNotAResult() {
        assertThat(kinds("0-0 0-0-0 0-1")).containsExactly("SYMBOL 0-0", "SYMBOL 0-0-0", "RESULT 0-1");
    }

    @Test
    void suffixAndSymbolicAnnotations() {
        assertThat(kinds("e4! e5?? Nf3!? Nc6?! +- -+ +/= =/+ +/- -/+ = += =+ \u221E \u00B1 --")).containsExactly(
                "SYMBOL e4", "NAG 1", "SYMBOL e5", "NAG 4", "SYMBOL Nf3", "NAG 5", "SYMBOL Nc6", "NAG 6",
                "NAG 18", "NAG 19", "NAG 14", "NAG 15", "NAG 16", "NAG 17", "NAG 10", "NAG 14", "NAG 15",
                "NAG 13", "NAG 16", "SYMBOL --");
    }

    @Test
    void linesAndColumns() {
        List<Token> t = tokens("[A \"1\"]\r\n\r\n  1. e4 {x\ny} e5\r2. Nf3");
        assertThat(t).extracting(Token::where).containsExactly("1:1", "1:2", "1:4", "1:7", "3:3", "3:6", "3:9",
                "4:4", "5:1", "5:4");
        assertThat(t).extracting(Token::firstOnLine).containsExactly(true, false, false, false, true, false, false,
                false, true, false);
        assertThat(t.get(4).afterBlankLine()).isTrue();
    }

    @Test
    void bomAndEscapeLines() {
        assertThat(kinds("\uFEFF% escape\n[A \"b\"]\n%another\n*")).containsExactly("TAG_OPEN [", "SYMBOL A",
                "STRING b", "TAG_CLOSE ]", "RESULT *");
        assertThat(tokens("\uFEFF[A \"b\"]").getFirst().where()).isEqualTo("1:1");
    }

    @Test
    void aPercentInsideACommentIsText() {
        assertThat(kinds("{a\n% b}")).containsExactly("COMMENT a\n% b");
    }

    @Test
    void unterminatedCommentStopsBeforeATagPairLine() {
        List<Token> t = tokens("1. e4 {open\nstill open\n[Event \"next\"]\n");
        assertThat(t.get(2).kind()).isEqualTo(Kind.ERROR);
        assertThat(t.get(2).where()).isEqualTo("1:7");
        assertThat(t.get(3).kind()).isEqualTo(Kind.TAG_OPEN);
        assertThat(t.get(3).where()).isEqualTo("3:1");
        assertThat(t.get(3).firstOnLine()).isTrue();
    }

    @Test
    void aBracketLineThatIsNotATagPairStaysInTheComment() {
        assertThat(kinds("{a\n[%clk 0:01:00]\n}")).containsExactly("COMMENT a\n[%clk 0:01:00]\n");
    }

    @Test
    void enPassantMarks() {
        assertThat(kinds("exd6ep exd6e.p. exd6 e.p. e4")).containsExactly("SYMBOL exd6", "SYMBOL exd6",
                "SYMBOL exd6", "SYMBOL e4");
    }

    @Test
    void peekAndPushBack() {
        PgnLexer lexer = new PgnLexer(new StringReader("a b"));
        Token a = lexer.next();
        assertThat(lexer.peek().text()).isEqualTo("b");
        lexer.pushBack(a);
        assertThat(lexer.next().text()).isEqualTo("a");
        assertThat(lexer.next().text()).isEqualTo("b");
        assertThat(lexer.next().kind()).isEqualTo(Kind.END);
        assertThat(lexer.next().kind()).isEqualTo(Kind.END);
    }
}
