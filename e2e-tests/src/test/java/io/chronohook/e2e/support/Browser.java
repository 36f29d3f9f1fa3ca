package io.chronohook.e2e.support;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium driven through chromedriver, as the dashboard's users see it. Uses the Debian
 * {@code chromium} and {@code chromium-driver} ({@code ./chronohook test} installs them), or the executables named by
 * {@code CHRONOHOOK_CHROMIUM} and {@code CHRONOHOOK_CHROMEDRIVER}; with the driver's path given, Selenium Manager is
 * never asked to find or download one.
 */
public final class Browser implements AutoCloseable {

    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Dimension LAPTOP = new Dimension(1280, 900);
    private static final Dimension PHONE = new Dimension(390, 844);

    private final ChromeDriver driver;

    public Browser() {
        String chromium = executable("CHRONOHOOK_CHROMIUM", "/usr/bin/chromium");
        String chromedriver = executable("CHRONOHOOK_CHROMEDRIVER", "/usr/bin/chromedriver");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(chromedriver))
                .usingAnyFreePort()
                .build();
        ChromeOptions options = new ChromeOptions().setBinary(chromium).addArguments(
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-dev-shm-usage", "--window-size=" + LAPTOP.width + "," + LAPTOP.height, "--lang=en-US");
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        laptopWidth();
    }

    public void open(String url) {
        driver.get(url);
    }

    public void open(URI url) {
        open(url.toString());
    }

    /** Saves what the window shows to {@code target/screenshots/<name>.png} and returns that path. */
    public Path screenshot(String name) throws IOException {
        Path file = Files.createDirectories(SCREENSHOTS).resolve(name + ".png");
        Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), file, StandardCopyOption.REPLACE_EXISTING);
        return file;
    }

    /**
     * Saves the whole page, not only the window, to {@code target/screenshots/<name>.png}: the viewport grows to the
     * page's height for the shot and returns to its width and previous height afterwards.
     */
    public Path screenshotWholePage(String name) throws IOException {
        List<?> inner = (List<?>) driver.executeScript(
                "return [window.innerWidth, window.innerHeight, document.documentElement.scrollHeight];");
        Dimension before = new Dimension(((Number) inner.get(0)).intValue(), ((Number) inner.get(1)).intValue());
        int height = Math.min(((Number) inner.get(2)).intValue(), 6000);
        resizeViewport(new Dimension(before.width, Math.max(before.height, height)));
        try {
            return screenshot(name);
        } finally {
            resizeViewport(before);
        }
    }

    /** The current value of a form field. */
    public String value(By locator) {
        return find(locator).getDomProperty("value");
    }

    /** Answers "yes" to the confirmation dialogs the current page would ask ({@code data-confirm} forms). */
    public void confirmDialogs() {
        driver.executeScript("window.confirm = function () { return true; };");
    }

    public WebElement find(By locator) {
        return driver.findElement(locator);
    }

    /** Clears the field and types {@code text} into it. */
    public void type(By locator, String text) {
        WebElement field = find(locator);
        field.clear();
        field.sendKeys(text);
    }

    public void click(By locator) {
        find(locator).click();
    }

    /** The visible text of the whole page. */
    public String text() {
        return find(By.tagName("body")).getText();
    }

    public String title() {
        return driver.getTitle();
    }

    public String currentUrl() {
        return driver.getCurrentUrl();
    }

    /** Waits until an element matching {@code locator} is visible and returns it. */
    public WebElement waitFor(By locator, Duration timeout) {
        return new WebDriverWait(driver, timeout).until(ExpectedConditions.visibilityOfElementLocated(locator));
    }

    /**
     * Waits until {@code condition} holds, asking again every half second. A page replaced while the condition read it
     * (a form's redirect landing) is asked again, not a failure.
     */
    public void waitUntil(Supplier<Boolean> condition, Duration timeout) {
        new WebDriverWait(driver, timeout).ignoring(StaleElementReferenceException.class)
                .until(ignored -> condition.get());
    }

    /** A phone's viewport (390×844), for the narrow layout. */
    public void phoneWidth() {
        resizeViewport(PHONE);
    }

    /** Back to the laptop viewport (1280×900) the browser starts with. */
    public void laptopWidth() {
        resizeViewport(LAPTOP);
    }

    /** The underlying driver, for what the helpers above do not cover. */
    public WebDriver driver() {
        return driver;
    }

    @Override
    public void close() {
        driver.quit();
    }

    /** Sizes the window so that the page gets {@code size}: headless Chromium still counts a window frame around it. */
    private void resizeViewport(Dimension size) {
        driver.manage().window().setSize(size);
        List<?> inner = (List<?>) driver.executeScript("return [window.innerWidth, window.innerHeight];");
        int frameWidth = size.width - ((Number) inner.get(0)).intValue();
        int frameHeight = size.height - ((Number) inner.get(1)).intValue();
        driver.manage().window().setSize(new Dimension(size.width + frameWidth, size.height + frameHeight));
    }

    private static String executable(String variable, String fallback) {
        String configured = System.getenv(variable);
        String path = configured == null || configured.isBlank() ? fallback : configured;
        if (!Files.isExecutable(Path.of(path))) {
            throw new IllegalStateException(path + " is missing; install chromium and chromium-driver (./chronohook test"
                    + " does) or name the executable in " + variable);
        }
        return path;
    }
}
