// The oracle of typefit's Html.fromHtml reading (Tests: AndroidHtmlTests).
// AOSP's android.text.Html.fromHtml(source, FROM_HTML_MODE_LEGACY) parses
// with TagSoup (org.ccil.cowan.tagsoup.Parser, its HTMLSchema) and builds
// the Spanned in HtmlToSpannedConverter. This program runs the same TagSoup
// (Debian's libtagsoup-java 1.2.1) and the converter's handling of text,
// block newlines and character styles, transcribed from AOSP
// frameworks/base core/java/android/text/Html.java (HtmlToSpannedConverter:
// characters, appendNewlines, startBlockElement/endBlockElement, handleBr,
// start/end/setSpanFromMark, startImg, HEADING_SIZES), with a StringBuilder
// and a list of marks for android.text's SpannableStringBuilder. Colours,
// alignment and links are left out: they change no width.
//
//   javac -cp /usr/share/java/tagsoup.jar FromHtml.java
//   java -cp /usr/share/java/tagsoup.jar:. FromHtml < cases.txt > from-html.tsv
//   java -cp /usr/share/java/tagsoup.jar:. FromHtml --entities   (TagSoup's entity table)
//
// Input: one case per line, `\n`, `\t` and `\\` escaped. Output per case:
// the case, the text (escaped the same way), and the spans as
// `kind start end` (UTF-16 offsets) joined with `;`.
import java.io.*;
import java.util.*;
import org.ccil.cowan.tagsoup.HTMLSchema;
import org.ccil.cowan.tagsoup.Parser;
import org.xml.sax.*;

public class FromHtml implements ContentHandler {
    static final String[] HEADING_SIZES = {"1.5", "1.4", "1.3", "1.2", "1.1", "1"};
    final StringBuilder text = new StringBuilder();
    // Open marks, in the order set (getLast finds the latest of a kind).
    final List<Object[]> marks = new ArrayList<>();
    final List<String> spans = new ArrayList<>();
    final int margin; // 2 in FROM_HTML_MODE_LEGACY, 1 with the separator flags

    FromHtml(int margin) { this.margin = margin; }

    void start(String kind) { marks.add(new Object[] {kind, text.length()}); }

    Object[] getLast(String kind) {
        for (int i = marks.size() - 1; i >= 0; i--) if (marks.get(i)[0].equals(kind)) return marks.get(i);
        return null;
    }

    void setSpanFromMark(Object[] mark, String... kinds) {
        int where = (Integer) mark[1];
        marks.remove(mark);
        int len = text.length();
        if (where != len) for (String k : kinds) spans.add(k + " " + where + " " + len);
    }

    void end(String kind, String repl) {
        Object[] m = getLast(kind);
        if (m != null) setSpanFromMark(m, repl);
    }

    void appendNewlines(int minNewline) {
        int len = text.length();
        if (len == 0) return;
        int existing = 0;
        for (int i = len - 1; i >= 0 && text.charAt(i) == '\n'; i--) existing++;
        for (int j = existing; j < minNewline; j++) text.append("\n");
    }

    void startBlockElement(int m) {
        if (m > 0) {
            appendNewlines(m);
            marks.add(new Object[] {"newline", text.length(), m});
        }
    }

    void endBlockElement() {
        Object[] n = getLast("newline");
        if (n != null) {
            appendNewlines((Integer) n[2]);
            marks.remove(n);
        }
    }

    void startTag(String tag) {
        tag = tag.toLowerCase(Locale.ROOT);
        switch (tag) {
            case "br": break;
            case "p": case "ul": case "div": startBlockElement(margin); break;
            case "li": startBlockElement(margin); start("bullet"); break;
            case "strong": case "b": start("bold"); break;
            case "em": case "cite": case "dfn": case "i": start("italic"); break;
            case "big": start("big"); break;
            case "small": start("small"); break;
            case "blockquote": startBlockElement(margin); start("quote"); break;
            case "tt": start("monospace"); break;
            case "u": start("underline"); break;
            case "del": case "s": case "strike": start("strikethrough"); break;
            case "sup": start("super"); break;
            case "sub": start("sub"); break;
            case "img": { int len = text.length(); text.append('\uFFFC'); spans.add("image " + len + " " + text.length()); break; }
            default:
                if (tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6') {
                    startBlockElement(margin);
                    marks.add(new Object[] {"heading", text.length(), tag.charAt(1) - '1'});
                }
        }
    }

    void endTag(String tag) {
        tag = tag.toLowerCase(Locale.ROOT);
        switch (tag) {
            case "br": text.append('\n'); break;
            case "p": case "ul": case "div": endBlockElement(); break;
            case "li": endBlockElement(); end("bullet", "bullet"); break;
            case "strong": case "b": end("bold", "bold"); break;
            case "em": case "cite": case "dfn": case "i": end("italic", "italic"); break;
            case "big": end("big", "size1.25"); break;
            case "small": end("small", "size0.8"); break;
            case "blockquote": endBlockElement(); end("quote", "quote"); break;
            case "tt": end("monospace", "monospace"); break;
            case "u": end("underline", "underline"); break;
            case "del": case "s": case "strike": end("strikethrough", "strikethrough"); break;
            case "sup": end("super", "super"); break;
            case "sub": end("sub", "sub"); break;
            default:
                if (tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6') {
                    Object[] h = getLast("heading");
                    if (h != null) setSpanFromMark(h, "size" + HEADING_SIZES[(Integer) h[2]], "bold");
                    endBlockElement();
                }
        }
    }

    public void characters(char[] ch, int start, int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            char c = ch[i + start];
            if (c == ' ' || c == '\n') {
                char pred;
                int len = sb.length();
                if (len == 0) {
                    len = text.length();
                    pred = len == 0 ? '\n' : text.charAt(len - 1);
                } else {
                    pred = sb.charAt(len - 1);
                }
                if (pred != ' ' && pred != '\n') sb.append(' ');
            } else {
                sb.append(c);
            }
        }
        text.append(sb);
    }

    public void startElement(String uri, String localName, String qName, Attributes a) { startTag(localName); }
    public void endElement(String uri, String localName, String qName) { endTag(localName); }
    public void setDocumentLocator(Locator l) {}
    public void startDocument() {}
    public void endDocument() {}
    public void startPrefixMapping(String p, String u) {}
    public void endPrefixMapping(String p) {}
    public void ignorableWhitespace(char[] ch, int s, int l) {}
    public void processingInstruction(String t, String d) {}
    public void skippedEntity(String n) {}

    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t");
    }

    static String unescape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(n == 'n' ? '\n' : n == 't' ? '\t' : n);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        HTMLSchema schema = new HTMLSchema();
        if (args.length == 1 && args[0].equals("--entities")) {
            // TagSoup's entity table (its Schema keeps it private): what
            // scripts/android-html-entities.sh writes into typefit.
            java.lang.reflect.Field f = org.ccil.cowan.tagsoup.Schema.class.getDeclaredField("theEntities");
            f.setAccessible(true);
            @SuppressWarnings("unchecked")
            Map<String, Integer> entities = new TreeMap<>((Map<String, Integer>) f.get(schema));
            for (Map.Entry<String, Integer> e : entities.entrySet()) {
                System.out.println(e.getKey() + " " + Integer.toHexString(e.getValue()));
            }
            return;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
        PrintStream out = new PrintStream(System.out, true, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty() || line.startsWith("#")) continue;
            for (int margin : new int[] {2, 1}) {
                Parser parser = new Parser();
                parser.setProperty(Parser.schemaProperty, schema);
                FromHtml converter = new FromHtml(margin);
                parser.setContentHandler(converter);
                parser.parse(new InputSource(new StringReader(unescape(line))));
                out.println(line + "\t" + margin + "\t" + escape(converter.text.toString()) + "\t"
                        + String.join(";", converter.spans));
            }
        }
    }
}
